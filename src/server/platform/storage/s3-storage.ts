import { Readable } from 'node:stream';
import { assertStorageKey, contentTypeOfKey, isStorageKey, type Storage } from './storage.js';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service (MinIO, R2, …); AWS itself when absent. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's default chain (environment, instance role) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Objects in one S3 bucket. A PUT is atomic on S3: readers see the old object or the new one.
 * Checksums are only sent when an operation requires them, as S3-compatible servers differ in
 * which of the SDK's newer checksum headers they accept.
 */
export async function createS3Storage(settings: S3Settings): Promise<Storage> {
  // The SDK is loaded only where S3 is configured (decision 031: a process loads what it uses).
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListObjectsV2Command,
    NoSuchKey,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key, contentType);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body');
        return {
          body: object.Body,
          size: object.ContentLength ?? 0,
          // The key decides the type (as on disk), whatever metadata the bucket holds.
          contentType: contentTypeOfKey(key) ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined && isStorageKey(object.Key)) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        // HeadBucket answers with a status only; name the usual causes.
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0;
        if (status === 404) throw new Error(`bucket ${Bucket} does not exist`);
        if (status === 403) throw new Error(`access to bucket ${Bucket} was refused`);
        throw error;
      }
    },
    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
