// `tsx electron/make-icon.ts`: draws the app icon (build/icon.png, 1024 px, which electron-builder
// turns into .icns, .ico and the Linux sizes) from an SVG with sharp. Shapes only, no text, so
// the result does not depend on the fonts installed on the machine that draws it.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const SIZE = 1024;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b6fe0"/><stop offset="1" stop-color="#1c3f99"/>
    </linearGradient>
  </defs>
  <rect x="64" y="64" width="896" height="896" rx="200" fill="url(#bg)"/>
  <!-- a desk: the seller's table top and legs -->
  <rect x="200" y="640" width="624" height="56" rx="20" fill="#dfe8ff"/>
  <rect x="250" y="690" width="44" height="150" rx="14" fill="#dfe8ff"/>
  <rect x="730" y="690" width="44" height="150" rx="14" fill="#dfe8ff"/>
  <!-- a price tag on the desk -->
  <path d="M380 250 H640 a40 40 0 0 1 40 40 V560 a40 40 0 0 1 -40 40 H380 a40 40 0 0 1 -40 -40 V290 a40 40 0 0 1 40 -40 Z"
        fill="#ffffff" transform="rotate(-12 512 425)"/>
  <circle cx="512" cy="318" r="30" fill="#1c3f99" transform="rotate(-12 512 425)"/>
  <rect x="420" y="400" width="184" height="30" rx="15" fill="#f3b200" transform="rotate(-12 512 425)"/>
  <rect x="420" y="460" width="140" height="30" rx="15" fill="#9fb6ef" transform="rotate(-12 512 425)"/>
  <rect x="420" y="520" width="160" height="30" rx="15" fill="#9fb6ef" transform="rotate(-12 512 425)"/>
</svg>`;

const dir = resolve(import.meta.dirname, '..', 'build');
mkdirSync(dir, { recursive: true });
await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(join(dir, 'icon.png'));
await sharp(Buffer.from(svg)).resize(512, 512).png({ compressionLevel: 9 }).toFile(join(dir, 'icon-512.png'));
console.log(`wrote ${join(dir, 'icon.png')} and icon-512.png`);
