/** Text made safe inside HTML (an e-mail's body or attribute). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain-text e-mail as HTML paragraphs, one per line; each of `links` becomes clickable where a line is exactly it. */
export function textToHtml(text: string, links?: string | readonly string[]): string {
  const clickable = new Set(typeof links === "string" ? [links] : (links ?? []));
  return text
    .split("\n")
    .map((line) =>
      clickable.has(line)
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join("");
}
