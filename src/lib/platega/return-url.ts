/**
 * What a return or failure address must be to go to Platega (no Node imports: the store's checks
 * and the admin's form use it too). It is parsed as a URL (WHATWG), and only its parsed form is
 * sent on. Browsers forgive much that other parsers read differently: a CR or LF starts a new
 * header line in a naive writer, a backslash is a slash to a browser but not to every parser, and
 * an `@` (`\@`, `#@`, `/{}@`) can make a lax parser take what comes before it for a user name and
 * what follows for the host. So these are refused outright, wherever they stand.
 */

/** C0 control characters (CR, LF, tab, NUL…) and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

export type ReturnUrlCheck = { ok: true; url: URL } | { ok: false; problem: string }

/** The address parsed, or why it may not be one (words that follow the field's name). */
export function checkReturnUrl(text: string): ReturnUrlCheck {
  const refuse = (problem: string): ReturnUrlCheck => ({ ok: false, problem })
  if (CONTROL.test(text)) {
    return refuse("must not contain control characters (CR, LF, tab and the like)")
  }
  if (text.includes("\\")) return refuse("must not contain a backslash")
  if (text.includes("@")) {
    return refuse(
      "must not contain @ (a user name before the host, or text a parser may take for one; write %40)",
    )
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return refuse("must be an absolute http(s) address")
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse("must be an absolute http(s) address")
  }
  return { ok: true, url }
}
