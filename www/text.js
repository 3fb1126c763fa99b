// Words and numbers as the page writes them, shared by every module that writes sentences.

/** "1,234": a count rounded to a whole number, with thousands separators. */
export const count = (n) => Math.round(n).toLocaleString('en-US');

/** "1 move", "2 moves"; `shown` writes the number (`count` for separators). */
export const plural = (n, word, shown = String) => `${shown(n)} ${word}${n === 1 ? '' : 's'}`;
