// Checks every reply an msw handler gives against the service's OpenAPI document (the
// committed copy, which a test keeps equal to the server's): a success against its
// operation's 200 schema, a failure against the error envelope. So mocks cannot drift.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import document from '../lib/generated/openapi.json';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'openapi');

const REST_PATH = /^\/xn\/rest\/[^/]+\/1\.0(\/[^?#]*)$/;

/** What is wrong with this reply, or null when it matches the document (or is not a REST reply). */
export async function replyProblem(requestMethod: string, url: string, response: Response): Promise<string | null> {
  const rest = REST_PATH.exec(new URL(url).pathname);
  if (!rest) return null;
  const path = rest[1]!;
  const method = requestMethod.toLowerCase();
  const pointer = (path: string) => path.replaceAll('~', '~0').replaceAll('/', '~1');
  const operation = `/paths/${pointer(path)}/${method}`;
  if (!ajv.getSchema(`openapi#${operation}`)) {
    return `A handler answered ${requestMethod} ${path}, which the OpenAPI document does not have.`;
  }
  const body: unknown = await response.json().catch(() => undefined);
  const schema =
    response.status === 200 ? `${operation}/responses/200/content/application~1json/schema` : '/components/schemas/Error';
  const validate = ajv.getSchema(`openapi#${schema}`)!;
  if (validate(body)) return null;
  const problems = (validate.errors ?? []).map((e) => `  ${e.instancePath || '(body)'} ${e.message}`).join('\n');
  return `The mocked reply to ${requestMethod} ${path} (${response.status}) does not match the OpenAPI document:\n${problems}\n${JSON.stringify(body).slice(0, 1000)}`;
}
