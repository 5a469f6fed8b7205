/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2, …) when S3_BUCKET is set. A PUT is atomic
 * on S3, so no temporary object is needed. Objects carry their content type and the same
 * immutable Cache-Control as `/media`, so a CDN in front of the bucket can serve them directly.
 */
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { Config } from '../../../config.js'
import {
  assertValidKey,
  isValidKey,
  MEDIA_PREFIX,
  type ListedObject,
  type Storage,
  type StoredObject,
} from './storage.js'

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

type S3Config = NonNullable<Config['s3']>

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

export function createS3Storage(s3: S3Config): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined, // the AWS default chain (environment, instance role, …)
    // Checksums only where S3 requires them: several S3-compatible services reject the
    // CRC headers that newer SDKs add to every request by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = s3.bucket
  const publicBase = s3.publicUrl ? `${s3.publicUrl.replace(/\/+$/, '')}/` : MEDIA_PREFIX

  return {
    driver: 's3',
    location: `s3://${Bucket}`,
    publicBase,

    async put(key, body, contentType) {
      assertValidKey(key)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: IMMUTABLE_CACHE,
        }),
      )
    },

    async get(key): Promise<StoredObject | null> {
      assertValidKey(key)
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) return null
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
          etag: object.ETag,
        }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async delete(key) {
      assertValidKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async exists(key) {
      assertValidKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (isNotFound(error)) return false
        throw error
      }
    },

    async *list(): AsyncIterable<ListedObject> {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          if (object.Key && isValidKey(object.Key)) {
            yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() }
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },

    publicUrl(key) {
      assertValidKey(key)
      return `${publicBase}${key}`
    },

    async close() {
      client.destroy()
    },
  }
}
