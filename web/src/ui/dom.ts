// A tiny element builder. Text always goes in as text (names come from players), never
// as HTML; the only markup inserted as HTML is the card SVG that cards.ts builds from
// validated card codes (and it carries no style="").
//
// No `style` attribute: the server's Content-Security-Policy (`style-src 'self'`) makes
// the browser refuse style attributes set as markup. Set properties on `el.style`
// (CSSOM, which the policy allows), or use a class from css/app.css.

type AttrValue = string | number | boolean | null | undefined;
type Attrs = Readonly<Record<string, AttrValue>> & { readonly style?: never };
type Child = Node | string | null | undefined | false;

/**
 * `h('button', {class: 'primary', 'data-testid': 'pass-button'}, 'Pass cards')`.
 * Attributes set to false, null or undefined are left out; true sets an empty attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return el;
}

/** A button with its test id and text that calls `onClick` when clicked. */
export function button(testid: string, text: string, onClick: () => void, cls = ''): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': testid, class: cls || null }, text);
  b.addEventListener('click', onClick);
  return b;
}

export function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (k.toLowerCase() === 'style') throw new Error('style attributes are refused by the page’s CSP: set el.style properties');
    if (v === false || v === null || v === undefined) el.removeAttribute(k);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** Sets text only when it changed (keeps screen readers and layout quiet). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export function show(el: HTMLElement, visible: boolean): void {
  if (el.hidden === visible) el.hidden = !visible;
}

/** How long a saved file's object URL lives: the download has begun well before. */
export const REVOKE_URL_MS = 10_000;

/**
 * Saves `blob` as a file named `filename`: a temporary `<a download>` to an object URL,
 * clicked and removed at once. The URL is revoked a little later, not in the same
 * task, because some browsers read it only once the click's download has started.
 */
export function saveBlob(blob: Blob, filename: string, parent: HTMLElement = document.body): void {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  parent.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_URL_MS);
  }
}

/** Moves Tab and Shift+Tab around inside `container` (a modal dialog). */
export function trapFocus(container: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const focusable = [
    ...container.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'),
  ].filter((el) => !el.hasAttribute('disabled') && el.offsetParent !== null);
  const usable = focusable.length > 0 ? focusable : [...container.querySelectorAll<HTMLElement>('button, input')];
  const first = usable[0];
  const last = usable[usable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !container.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !container.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
