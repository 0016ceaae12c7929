import type { FastifyRequest } from 'fastify';
import { maxCatalogueBytes } from '@portal/contracts/admin-software';
import { fileExtension } from '@portal/contracts/previews';
import { badRequest, unsupportedMediaType } from '../../platform/errors.ts';
import { readMultipartForm } from '../../platform/uploads/index.ts';
import { emptyRecords, recordsFromCsv, recordsFromJson, type CatalogueRecords } from './catalogue-records.ts';

const notJson = (error: unknown): CatalogueRecords => ({
  ...emptyRecords('json'),
  problems: [{ path: '(file)', message: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }],
});

function fromJsonText(text: string): CatalogueRecords {
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return notJson(error);
  }
  return recordsFromJson(body);
}

const formatOf = (fileName: string, mediaType: string) => {
  const extension = fileExtension(fileName);
  if (extension === 'json' || (!extension && mediaType === 'application/json')) return 'json';
  if (extension === 'csv' || (!extension && mediaType === 'text/csv')) return 'csv';
  return undefined;
};

/** The `file` field of a multipart catalogue upload, read into memory (it is at most `maxCatalogueBytes`). */
async function fromMultipart(request: FastifyRequest): Promise<CatalogueRecords> {
  let records: CatalogueRecords | undefined;
  await readMultipartForm(request, {
    notMultipart: 'Send the catalogue as application/json, text/csv, or multipart/form-data with a file field.',
    limits: { fileSize: maxCatalogueBytes, files: 1, fields: 2, fieldSize: 1024 },
    onFile: async (file) => {
      const format = formatOf(file.filename, file.mimetype);
      if (!format) {
        file.stream.resume();
        throw unsupportedMediaType('Send the catalogue as a .json or a .csv file.');
      }
      const text = (await file.toBuffer()).toString('utf8');
      records = format === 'json' ? fromJsonText(text) : recordsFromCsv(text);
    },
  });
  if (!records) throw badRequest('invalidParameters', 'The file field is missing.');
  return records;
}

/** The catalogue of a request: a JSON body, a CSV body (`text/csv`), or a multipart `file` field holding either. */
export async function readCatalogueUpload(request: FastifyRequest): Promise<CatalogueRecords> {
  if (request.isMultipart()) return fromMultipart(request);
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/csv' && typeof request.body === 'string') return recordsFromCsv(request.body);
  if (mediaType === 'application/json') return recordsFromJson(request.body);
  throw unsupportedMediaType('Send the catalogue as application/json, text/csv, or multipart/form-data with a file field.');
}
