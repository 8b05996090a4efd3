import { fileTypeFromBuffer } from 'file-type';
import type { SharpOptions } from 'sharp';
import { AppError, invalidArgument } from '../../../shared/errors.js';
import { uploadLimits } from '../../../shared/uploads.js';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The format sharp must find for each type we accept: both readings of the bytes agree. */
const acceptedFormats: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const notAnImage = () => invalidArgument('Upload a JPEG, PNG, WebP or GIF image');
const tooManyPixels = () =>
  invalidArgument('The image is larger than 40 megapixels', {
    maxPixels: uploadLimits.maxPixels,
  });
const unreadable = () =>
  invalidArgument('The image could not be read: the file is damaged or incomplete');

const decodeOptions: SharpOptions = {
  limitInputPixels: uploadLimits.maxPixels,
  // Stricter than 'truncated': corrupt pixel data is refused too, harmless warnings are not.
  failOn: 'error',
  // Animated GIF and WebP: the first frame only.
  pages: 1,
};

const isPixelLimit = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Turns untrusted bytes into images of ours. The type comes from the bytes (never the name or
 * the part's header) and must be one we accept; sharp decodes them within the pixel limit and
 * writes fresh WebP files: turned upright, every metadata block dropped (sharp's default, no
 * `withMetadata`), at most 2560 px a side, plus a 400 px thumbnail (square for avatars). Nothing
 * of the original file survives but its pixels, so a script hidden in a polyglot is gone.
 */
export async function reencodeImage(
  input: Buffer,
  purpose: 'avatar' | 'post',
): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? acceptedFormats[detected.mime] : undefined;
  if (!format) throw notAnImage();
  // Loaded with the first image (with satori it held about 45 MB of a server at rest, decision
  // 031): a server nobody uploads to never holds it.
  const { default: sharp } = await import('sharp');

  let width: number;
  let height: number;
  try {
    const metadata = await sharp(input, decodeOptions).metadata();
    if (metadata.format !== format) throw notAnImage();
    width = metadata.width;
    height = metadata.pageHeight ?? metadata.height;
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels();
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  // Checked before decoding: a small file may declare a huge canvas (a decompression bomb).
  if (!width || !height) throw unreadable();
  if (width * height > uploadLimits.maxPixels) throw tooManyPixels();

  const upright = sharp(input, decodeOptions).autoOrient();
  const side = uploadLimits.thumbnailSide;
  const thumbnailSize =
    purpose === 'avatar'
      ? // Square, cropped from the centre; small images are not enlarged.
        { width: Math.min(side, width, height), height: Math.min(side, width, height) }
      : { width: side, height: side, fit: 'inside' as const, withoutEnlargement: true };
  try {
    const [image, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize({
          width: uploadLimits.maxSide,
          height: uploadLimits.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      upright.clone().resize(thumbnailSize).webp({ quality: 80 }).toBuffer({
        resolveWithObject: true,
      }),
    ]);
    return {
      image: { data: image.data, width: image.info.width, height: image.info.height },
      thumbnail: {
        data: thumbnail.data,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
    };
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels();
    throw unreadable();
  }
}
