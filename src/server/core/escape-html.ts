/** Text made safe to place in HTML, as element content or a quoted attribute value. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
