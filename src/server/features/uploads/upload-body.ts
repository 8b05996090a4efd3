import type { FastifyRequest } from 'fastify';
import { AppError, invalidArgument } from '../../../shared/errors.js';
import { uploadLimits } from '../../../shared/uploads.js';

/** What @fastify/multipart may read from one upload request. */
export const multipartLimits = {
  fileSize: uploadLimits.maxBytes,
  files: 1,
  // The purpose travels in the query string; a browser may still add a small field or two.
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 20,
};

/** Room for the multipart framing around the file in the Content-Length check. */
const framingAllowance = 64 * 1024;

const tooLarge = () =>
  new AppError('out-of-range', 'The file is larger than 10 MB', {
    maxBytes: uploadLimits.maxBytes,
  });

/** The multipart plugin's errors, in the catalogue's words. */
function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalidArgument('Send one file per request');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return invalidArgument('Send only the image file');
    default:
      return invalidArgument('The upload could not be read: the multipart body is malformed');
  }
}

/**
 * The one file of a multipart upload, read whole (at most 10 MB) before anything is decided, so a
 * second file or an oversized one refuses the request before any image is stored. The part's
 * file name and content type are ignored: the bytes alone say what the file is.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw invalidArgument('Send the image as multipart/form-data with one file field');
  }
  // A body announced larger than any accepted file is refused before it is read.
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > uploadLimits.maxBytes + framingAllowance) throw tooLarge();

  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      file = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!file || file.length === 0) throw invalidArgument('Choose an image to upload');
  return file;
}
