// Tells a person who looked away that a run ended: an OSC 9 desktop notification (iTerm2, WezTerm, kitty…,
// ended with ST so terminals without OSC 9 drop it silently) and a bell, which every terminal knows.
export function finishedNotice(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200);
  return `\u001b]9;${clean}\u001b\\\u0007`;
}
