/// <reference lib="dom" />
// A ten-line stand-in for a UI framework: enough for four small pages.

type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>
type Child = Node | string | number | null | undefined | false

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value)
    else if (value === true) el.setAttribute(name, "")
    else el.setAttribute(name, String(value))
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    el.append(child instanceof Node ? child : String(child))
  }
  return el
}

/** Replaces the page content. */
export function render(...children: Child[]): void {
  const app = document.getElementById("app")
  if (!app) return
  app.replaceChildren(
    ...children
      .filter((c): c is Node | string => c !== null && c !== undefined && c !== false)
      .map((c) => (c instanceof Node ? c : String(c))),
  )
}
