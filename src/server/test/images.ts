import { randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Test inputs: real image bytes made by sharp, and hostile files dressed up as images. */

/** Pixels that do not compress away, so sizes are realistic. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

export const pngImage = (width = 64, height = 48) => noise(width, height).png().toBuffer();
export const gifImage = () => noise(40, 30).gif().toBuffer();
export const webpImage = () => noise(50, 40).webp().toBuffer();
export const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();

/**
 * An 800x600 JPEG a phone would send sideways: EXIF orientation 6 (turn 90° to view), a
 * copyright note and GPS coordinates of where it was taken.
 */
export const cameraJpeg = () =>
  noise(800, 600)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'Secret Camera Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();

const script = '<html><script>alert(document.cookie)</script></html>';

/** A valid JPEG with an HTML page after its end marker. */
export async function jpegWithHtmlAppended() {
  return Buffer.concat([await noise(120, 80).jpeg().toBuffer(), Buffer.from(script)]);
}

/** A valid JPEG carrying an HTML page in a comment (COM) segment right after its start marker. */
export async function jpegWithHtmlComment() {
  const jpeg = await noise(120, 80).jpeg().toBuffer();
  const text = Buffer.from(script);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/** A decompression bomb: a few hundred bytes of PNG declaring a 10000x10000 canvas. */
export function pngDeclaring(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const firstRows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first 70% of a real photo, as a broken connection would leave it. */
export async function truncatedJpeg() {
  const jpeg = await noise(800, 600).jpeg().toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.7));
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const htmlPage = Buffer.from(`<!doctype html>${script}`);

/** The files in the uploads folder (temporary files excluded) and the rows of the table. */
