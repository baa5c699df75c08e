// The requests the historical client programs sent, as recorded on the wire (one JSON object a
// line): the OAuth verifier's published vectors and the shapes the replay story re-sends.
import { readFileSync } from 'node:fs';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export const recordedRequests: RecordedRequest[] = readFileSync(new URL('./vectors/oauth-vectors.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));
