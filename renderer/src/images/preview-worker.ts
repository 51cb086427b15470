// A dedicated worker that makes the pending list's small previews (file-sources.ts). The browser
// decodes a photo off the page's thread either way; but the task that turns the decoded picture
// into a scaled bitmap runs on the thread that asked for it: asked from the page, that was a
// 300-500 ms stall of the page's frames per camera photo on a busy machine (issue 19, item 5; a
// Chromium trace shows it posted by DecodeImageOnDecoderThread). Asked from here, the page only
// gets the finished data: URL.

interface Request {
  id: number;
  file: Blob;
  width: number;
}
type Answer = { id: number; url: string | null };

const scope = self as unknown as { onmessage: ((event: MessageEvent<Request>) => void) | null; postMessage(answer: Answer): void };

scope.onmessage = (event) => {
  const { id, file, width } = event.data;
  void preview(file, width).then((url) => scope.postMessage({ id, url }), () => scope.postMessage({ id, url: null }));
};

async function preview(file: Blob, width: number): Promise<string | null> {
  // Only the width given: the height follows the picture's shape (turned by its EXIF orientation).
  // 'low': the scaling samples only the small picture's pixels (no mipmaps of a 60 MP bitmap).
  const bitmap = await createImageBitmap(file, { resizeWidth: width, resizeQuality: 'low' }).catch(() => null);
  if (!bitmap) return null;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })).arrayBuffer());
    let binary = '';
    for (const byte of jpeg) binary += String.fromCharCode(byte);
    return `data:image/jpeg;base64,${btoa(binary)}`;
  } finally {
    bitmap.close();
  }
}
