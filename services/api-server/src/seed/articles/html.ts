/** Small helpers for the seeded article bodies (plain HTML strings, sanitised again by the front end). */

/** A figure with a seeded image and its caption. */
export const figure = (src: string, alt: string, caption: string, w = 800, h = 450) =>
  `<figure><img src="${src}" alt="${alt}" width="${w}" height="${h}" style="max-width:100%;height:auto"><figcaption>${caption}</figcaption></figure>`;

/** A table: the first row is the header. */
export const table = (rows: string[][], caption?: string) => {
  const [head, ...body] = rows;
  return `<table>${caption ? `<caption>${caption}</caption>` : ''}<thead><tr>${head.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${body
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
};

export const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
export const ol = (items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
