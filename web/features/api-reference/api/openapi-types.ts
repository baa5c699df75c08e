// The parts of an OpenAPI 3.1 document the reference page reads. Every field is optional
// because the document arrives over the wire: the page must cope with shapes it did not expect.

export type Reference = { $ref: string };

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it); `true`/`false` are schemas too. */
export type Schema = boolean | SchemaObject;

export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  contentMediaType?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

export type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
};

export type MediaType = { schema?: Schema };
export type Content = Record<string, MediaType>;

export type RequestBody = { description?: string; required?: boolean; content?: Content };
export type Response = { description?: string; content?: Content };

/** Alternatives, each naming the schemes it needs together; `{}` means no credentials. */
export type SecurityRequirements = Record<string, string[]>[];

export type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  /** Ours, not part of the historical API. */
  'x-extension'?: boolean;
  /** Who may call, as the server's route table says (public, anyone, member, admin, …). */
  'x-permission'?: string;
  security?: SecurityRequirements;
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody | Reference;
  responses?: Record<string, Response | Reference>;
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: (Parameter | Reference)[] };

export type SecurityScheme = {
  type?: string;
  scheme?: string;
  in?: string;
  name?: string;
  description?: string;
};

export type OpenApiDocument = {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url?: string; variables?: Record<string, { default?: string }> }[];
  tags?: { name: string; description?: string }[];
  /** The default for operations that declare no `security` of their own. */
  security?: SecurityRequirements;
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter | Reference>;
    requestBodies?: Record<string, RequestBody | Reference>;
    responses?: Record<string, Response | Reference>;
    securitySchemes?: Record<string, SecurityScheme | Reference>;
  };
};
