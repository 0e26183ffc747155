/** Text made safe inside HTML (an e-mail's body or attribute). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain-text e-mail as HTML paragraphs, one per line; `link` becomes clickable where a line is exactly it. */
export function textToHtml(text: string, link?: string): string {
  return text
    .split("\n")
    .map((line) =>
      link && line === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join("");
}
