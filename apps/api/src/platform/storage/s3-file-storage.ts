import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, FileStorage, PresignedReadOptions, StoredFile } from './file-storage.ts';
import { contentHasher } from './content-hasher.ts';
import { assertStorageKey, StoredFileMissingError, storageKeyFor } from './storage-key.ts';

export interface S3StorageOptions {
  /** S3-compatible endpoint (MinIO, Ceph, R2 …); absent for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Prefix of in-flight uploads; a bucket lifecycle rule on it cleans what killed processes leave. */
export const s3TempPrefix = 'tmp/';

/**
 * Files in an S3-compatible bucket under the same content-addressed keys as the local folder.
 * A file is uploaded (multipart, streamed) to a temporary key while hashed, then copied to its
 * sha256 key, which therefore only ever holds complete objects. Single-request copies limit one
 * file to 5 GiB, above UPLOAD_MAX_BYTES' default.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;

  private readonly options: S3StorageOptions;

  constructor(options: S3StorageOptions, client?: S3Client) {
    this.options = options;
    this.client =
      client ??
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        // Most S3-compatible stores only understand path-style addressing.
        forcePathStyle: options.endpoint !== undefined,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // The newer default checksums (aws-chunked trailers) are refused by many S3-compatible stores.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  async put(source: Readable): Promise<StoredFile> {
    const hasher = contentHasher();
    const body = pipeline(source, hasher.stream, () => undefined);
    const tempKey = `${s3TempPrefix}${randomUUID()}`;
    const Bucket = this.options.bucket;
    try {
      await new Upload({ client: this.client, params: { Bucket, Key: tempKey, Body: body } }).done();
      const { sha256, size } = hasher.result();
      const key = storageKeyFor(sha256);
      if (!(await this.stat(key))) {
        await this.client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${tempKey}` }));
      }
      return { key, sha256, size };
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket, Key: tempKey })).catch(() => undefined);
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StoredFileMissingError(key);
      throw error;
    }
  }

  /** A presigned GET (signature V4, so at most a week) that answers with the given type and disposition. */
  async presignRead(key: string, options: PresignedReadOptions): Promise<string> {
    assertStorageKey(key);
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async placeAt(key: string, path: string): Promise<void> {
    await pipelineAsync(await this.read(key), createWriteStream(path));
  }

  /** The bucket exists and these credentials reach it (one HEAD request). */
  async answers(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  /** Nothing to do here: a bucket lifecycle rule on the temporary prefix removes abandoned uploads. */
  async removeLeftovers(): Promise<number> {
    return 0;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');
}
