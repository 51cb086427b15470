// A desktop notification's words as plain text (issue 19): on Linux the body goes to libnotify,
// whose servers read a markup subset (<b>, <a href>, <img src>), and a notice may quote what a
// buyer wrote or an item's title. Tags are dropped and what is left of markup's characters is
// written with look-alikes that no server reads as markup; control characters go, and the
// lengths are bounded. Electron-free, tested in tests/app/seller-files.test.ts ('desktop notifications').
const TITLE_MAX = 120;
const BODY_MAX = 400;

export function plainText(text: string, max: number): string {
  const plain = text
    .replace(/<\/?[a-zA-Z!?][^>]*>/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/&/g, '＆')
    .replace(/</g, '‹')
    .replace(/>/g, '›');
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

export function plainNotice(notice: { title: string; body: string }): { title: string; body: string } {
  return { title: plainText(notice.title, TITLE_MAX), body: plainText(notice.body, BODY_MAX) };
}
