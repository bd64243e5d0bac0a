/** The words an SVG chart shows, tags dropped and wrapped lines joined by one space. */
export function textOf(svg: string): string {
  return svg.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/\s+/g, " ");
}
