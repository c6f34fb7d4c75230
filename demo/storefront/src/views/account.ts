/// <reference lib="dom" />
// Sign in or register; signed in: who you are, your subscriptions, sign out.
import { me, register, signIn, signOut } from "../account"
import { h, render } from "../dom"
import { t } from "../i18n"
import { navigate, refreshAccountLink } from "../router"

/** Where to go after signing in: `?next=` when it is a path of this shop. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get("next") ?? ""
  return next.startsWith("/") && !next.startsWith("//") ? next : "/subscriptions"
}

export async function accountPage(): Promise<void> {
  const customer = await me()
  if (customer) {
    render(
      h(
        "section",
        { class: "result", "data-testid": "account" },
        h("h1", {}, t("account")),
        h("p", { "data-testid": "account-email" }, customer.email),
        h(
          "a",
          { href: "/subscriptions", "data-link": true, class: "button primary" },
          t("mySubscriptions"),
        ),
        h(
          "button",
          {
            type: "button",
            "data-testid": "sign-out",
            onclick: async () => {
              await signOut()
              refreshAccountLink(undefined)
              navigate("/account")
            },
          },
          t("signOut"),
        ),
      ),
    )
    return
  }
  const error = h("p", { class: "error", "data-testid": "account-error", hidden: true })
  const done = async () => {
    refreshAccountLink(await me())
    navigate(nextPath())
  }
  const attempt = async (form: HTMLFormElement, act: (data: FormData) => Promise<void>) => {
    const button = form.querySelector("button[type=submit]")
    button?.setAttribute("disabled", "")
    error.hidden = true
    try {
      await act(new FormData(form))
      await done()
    } catch (e) {
      error.textContent = `${t("error")}: ${e instanceof Error ? e.message : String(e)}`
      error.hidden = false
      button?.removeAttribute("disabled")
    }
  }
  const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim()
  const signInForm = form("sign-in", t("signIn"), [
    input("email", t("email"), "email", "email"),
    input("password", t("password"), "password", "current-password"),
  ])
  signInForm.addEventListener("submit", (event) => {
    event.preventDefault()
    void attempt(signInForm, (d) => signIn(text(d, "email"), String(d.get("password") ?? "")))
  })
  const registerForm = form("register", t("register"), [
    input("email", t("email"), "email", "email"),
    input("first_name", t("firstName"), "text", "given-name"),
    input("last_name", t("lastName"), "text", "family-name"),
    input("password", t("password"), "password", "new-password"),
  ])
  registerForm.addEventListener("submit", (event) => {
    event.preventDefault()
    void attempt(registerForm, (d) =>
      register(text(d, "email"), String(d.get("password") ?? ""), {
        first_name: text(d, "first_name"),
        last_name: text(d, "last_name"),
      }),
    )
  })
  render(
    h(
      "section",
      { class: "account", "data-testid": "account-forms" },
      h("p", { class: "muted" }, t("signInHint")),
      error,
      h("div", { class: "pair" }, signInForm, registerForm),
    ),
  )
}

function form(id: string, title: string, fields: HTMLElement[]): HTMLFormElement {
  return h(
    "form",
    { class: "checkout", "data-testid": `${id}-form` },
    h("h2", {}, title),
    ...fields,
    h("button", { type: "submit", class: "primary wide", "data-testid": `${id}-submit` }, title),
  ) as HTMLFormElement
}

function input(name: string, label: string, type: string, autocomplete: string): HTMLElement {
  return h(
    "label",
    {},
    label,
    h("input", { name, type, autocomplete, required: true, "data-testid": `field-${name}` }),
  )
}
