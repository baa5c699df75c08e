// Multipart uploads for the endpoints that declare one (`upload` in their row of a route
// table): multer reads the body into memory within the endpoint's size limit, only after
// the caller has passed the endpoint's permission, so nobody unknown makes us buffer it.
// The text parts together get the limits of a form body (FORM_LIMITS), the file part the
// endpoint's: a request over either is refused while it streams, before it is held whole.
// Multipart fields become parameters like form fields; they are never part of an OAuth
// signature (the OAuth parameters come from the Authorization header or the query).
import type { Request, Response } from 'express';
import multer from 'multer';
import { ApiError } from '../lib/errors';

export interface UploadSpec {
  /** Name of the multipart part that carries the file. */
  field: string;
  maxBytes: number;
}

/** What a form body may hold (app.ts reads urlencoded bodies with the same numbers). */
export const FORM_LIMITS = { bytes: 1024 * 1024, parameters: 10_000 };

/** The text parts of one request, all together, went over FORM_LIMITS.bytes. */
class TextTooLarge extends Error {}

export async function receiveUpload(req: Request, res: Response, spec: UploadSpec): Promise<void> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      fields: FORM_LIMITS.parameters,
      fieldSize: FORM_LIMITS.bytes,
      fieldNameSize: 200,
      files: 1,
      fileSize: spec.maxBytes,
      parts: FORM_LIMITS.parameters + 1,
      headerPairs: 20,
    },
    // Counts the text as busboy hands each part over, and stops the request once the parts
    // together pass the form limit (each part alone is held to it by fieldSize).
    streamHandler: (incoming: Request, busboy: NodeJS.EventEmitter & NodeJS.WritableStream) => {
      let textBytes = 0;
      busboy.on('field', (name: string, value: string) => {
        textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
        if (textBytes > FORM_LIMITS.bytes) busboy.emit('error', new TextTooLarge());
      });
      incoming.pipe(busboy);
    },
  } as multer.Options).single(spec.field);
  await new Promise<void>((resolve, reject) => parse(req, res, (err: unknown) => (err ? reject(uploadError(err, spec)) : resolve())));
}

/** The uploaded file; refuses a request that sent no file in the part `spec.field`. */
export function uploadedFile(req: Request, spec: UploadSpec): Express.Multer.File {
  if (req.file) return req.file;
  if (!req.is('multipart/form-data')) {
    throw new ApiError('unsupportedMediaType', `Send the file as multipart/form-data, in the part named '${spec.field}'.`);
  }
  // A client that means to upload but sends the part as text (a file name, no bytes) sent no decodable file.
  if (typeof req.body?.[spec.field] === 'string') throw new ApiError('unsupportedMediaType', `The part '${spec.field}' holds text, not a file.`);
  throw new ApiError('missingParameter', `The multipart part '${spec.field}' (the file) is required.`);
}

function uploadError(err: unknown, spec: UploadSpec): ApiError {
  const textLimit = `The text parts may have at most ${FORM_LIMITS.bytes / (1024 * 1024)} MB together, like a form body.`;
  if (err instanceof TextTooLarge) return new ApiError('tooLarge', textLimit);
  if (!(err instanceof multer.MulterError)) return new ApiError('invalidValue', 'The multipart body could not be read.');
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new ApiError('tooLarge', `The file may have at most ${spec.maxBytes / (1024 * 1024)} MB.`);
    case 'LIMIT_FIELD_VALUE':
      return new ApiError('tooLarge', textLimit);
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return new ApiError('tooLarge', `Send at most ${FORM_LIMITS.parameters} text parts.`);
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FILE_COUNT':
      return new ApiError('invalidValue', `Send one file, in the part named '${spec.field}'.`);
    default:
      return new ApiError('invalidValue', `The multipart body was refused: ${err.message}.`);
  }
}
