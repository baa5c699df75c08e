// Reading an OpenAPI document for the reference page: following local `$ref`s, listing and
// grouping the operations, naming schema types and listing the fields of object schemas.
// Everything here tolerates shapes it does not know, since the document comes over the wire.
import {
  HTTP_METHODS,
  type Content,
  type HttpMethod,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Reference,
  type Schema,
  type SchemaObject,
  type SecurityRequirements,
} from './api/openapi-types';

// Deeper than any sensible document nests; stops reference cycles.
const MAX_DEPTH = 16;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isReference = (value: unknown): value is Reference => isObject(value) && typeof value.$ref === 'string';

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** The name a `$ref` gives its target: `#/components/schemas/BlogPost` → `BlogPost`. */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');

/** Follows local `$ref`s to their targets; undefined for a dangling, remote or circular one. */
export function resolve<T>(doc: OpenApiDocument, value: T | Reference | undefined): T | undefined {
  let current: unknown = value;
  for (let hops = 0; isReference(current); hops++) {
    if (hops > MAX_DEPTH || !current.$ref.startsWith('#/')) return undefined;
    current = current.$ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
  }
  return current as T | undefined;
}

/** An id usable in a URL fragment: `get BlogPost/recent` → `get-BlogPost-recent`. */
const anchorOf = (text: string) => text.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '');

/** The address every path is relative to, with the network filled in: `/xn/rest/demo/1.0/`. */
export function baseAddress(doc: OpenApiDocument, network: string): string {
  const server = list(doc.servers).find((one) => isObject(one));
  const url = typeof server?.url === 'string' ? server.url : '/';
  const filled = url.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    name === 'network' ? network : (server?.variables?.[name]?.default ?? whole),
  );
  return filled.endsWith('/') ? filled : `${filled}/`;
}

export type OperationEntry = {
  /** The operation's id on the page, so it can be linked to: `get-BlogPost-recent`. */
  anchor: string;
  method: HttpMethod;
  /** Relative to the base address: `BlogPost/recent`. */
  path: string;
  group: string;
  operation: Operation;
  /** The path's parameters and the operation's own (which win), references followed. */
  parameters: Parameter[];
};

export type OperationGroup = {
  name: string;
  anchor: string;
  description?: string;
  operations: OperationEntry[];
};

/** `/BlogPost/recent` or `/xn/rest/{network}/1.0/BlogPost/recent` → `BlogPost/recent`. */
const relativePath = (path: string) => path.replace(/^.*?\/1\.0\//, '').replace(/^\/+/, '');

function parametersOf(doc: OpenApiDocument, ...lists: ((Parameter | Reference)[] | undefined)[]): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const parameter of lists.flatMap(list).map((one) => resolve(doc, one))) {
    if (isObject(parameter) && typeof parameter.name === 'string') {
      byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

/**
 * The operations by resource: by their first tag, in the order the document lists its tags,
 * or by the first segment of their path when they have none.
 */
export function operationGroups(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  const groupNamed = (name: string, description?: string) => {
    let group = groups.get(name);
    if (!group) groups.set(name, (group = { name, anchor: anchorOf(`resource-${name}`), description, operations: [] }));
    return group;
  };
  for (const tag of list(doc.tags)) {
    if (isObject(tag) && typeof tag.name === 'string') groupNamed(tag.name, tag.description);
  }
  for (const [rawPath, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const path = relativePath(rawPath);
      const tag = list(operation.tags).find((name) => typeof name === 'string');
      const group = groupNamed(tag ?? (path.split('/')[0] || 'Other'));
      group.operations.push({
        anchor: anchorOf(`${method}-${path}`),
        method,
        path,
        group: group.name,
        operation,
        parameters: parametersOf(doc, item.parameters, operation.parameters),
      });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** Whether an operation fits what the reader typed: every word somewhere in its name or summary. */
export function matchesFilter(entry: OperationEntry, filter: string): boolean {
  const haystack = [entry.method, entry.path, entry.group, entry.operation.operationId, entry.operation.summary]
    .join(' ')
    .toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

const valueText = (value: unknown) =>
  typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A schema's type as a reader says it: `array of BlogPost`, `draft | publish`, `string (date-time) or null`. */
export function typeLabel(schema: Schema | undefined, depth = 0): string {
  if (schema === false) return 'nothing';
  if (!isObject(schema) || depth > MAX_DEPTH) return 'any';
  const inner = (part: Schema | undefined) => {
    const label = typeLabel(part, depth + 1);
    return / (or|and|\|) /.test(label) ? `(${label})` : label;
  };
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if ('const' in schema) return valueText(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(valueText).join(' | ');
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return alternatives.map(inner).join(' or ');
  if (Array.isArray(schema.allOf)) return schema.allOf.map(inner).join(' and ');
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === 'string',
  );
  if (types.length === 0) return schema.properties ? 'object' : 'any';
  return types.map((type) => simpleType(type, schema, inner)).join(' or ');
}

function simpleType(type: string, schema: SchemaObject, inner: (part: Schema | undefined) => string): string {
  if (type === 'array') return `array of ${inner(schema.items)}`;
  if (type === 'string' && (schema.format === 'binary' || schema.contentMediaType === 'application/octet-stream')) {
    return 'file';
  }
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

/** Limits worth telling a caller: default, lengths, ranges (not the 53-bit bounds of every integer). */
export function constraintsOf(schema: Schema | undefined): string[] {
  if (!isObject(schema)) return [];
  const bounded = (value: unknown): value is number =>
    typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  return [
    'default' in schema ? `default ${valueText(schema.default)}` : '',
    bounded(schema.minLength) && schema.minLength > 0 ? `at least ${schema.minLength} characters` : '',
    bounded(schema.maxLength) ? `at most ${schema.maxLength} characters` : '',
    bounded(schema.minimum) ? `minimum ${schema.minimum}` : '',
    bounded(schema.maximum) ? `maximum ${schema.maximum}` : '',
  ].filter(Boolean);
}

/** A field's own description, else its items', else the first paragraph of the schema it refers to. */
export function descriptionOf(doc: OpenApiDocument, schema: Schema | undefined): string | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.description === 'string') return schema.description;
  if (isObject(schema.items) && typeof schema.items.description === 'string') return schema.items.description;
  const target = resolve<Schema>(doc, schema as Schema);
  return isObject(target) && typeof target.description === 'string'
    ? target.description.split(/\n\s*\n/)[0]
    : undefined;
}

export type Field = { name: string; required: boolean; schema: Schema | undefined };

/** The named fields of an object schema, through `$ref`s and `allOf`; none for other shapes. */
export function fieldsOf(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): Field[] {
  const target = resolve<Schema>(doc, schema as Schema);
  if (!isObject(target) || depth > MAX_DEPTH) return [];
  const required = list(target.required);
  const own = Object.entries(isObject(target.properties) ? target.properties : {}).map(([name, field]) => ({
    name,
    required: required.includes(name),
    schema: field,
  }));
  return [...list(target.allOf).flatMap((part) => fieldsOf(doc, part, depth + 1)), ...own];
}

/**
 * The objects a field may hold (itself, its items, its alternatives) with fields of their own,
 * named as the reader will look for them: a referenced schema by its name, an inline one by the field's.
 */
export function nestedObjects(doc: OpenApiDocument, field: Field): { name: string; fields: Field[] }[] {
  const shapes = (schema: Schema | undefined, depth: number): Schema[] => {
    if (!isObject(schema) || depth > MAX_DEPTH) return [];
    if (typeof schema.$ref === 'string' || isObject(schema.properties) || Array.isArray(schema.allOf)) return [schema];
    return [schema.items, ...list(schema.anyOf), ...list(schema.oneOf)].flatMap((part) => shapes(part, depth + 1));
  };
  return shapes(field.schema, 0).flatMap((shape) => {
    const fields = fieldsOf(doc, shape);
    const name = isObject(shape) && typeof shape.$ref === 'string' ? refName(shape.$ref) : field.name;
    return fields.length > 0 ? [{ name, fields }] : [];
  });
}

/** The first media type of a body or reply with its schema: `application/json`, … */
export function firstMedia(content: Content | undefined): { mediaType: string; schema: Schema | undefined } | undefined {
  const [mediaType, media] = Object.entries(isObject(content) ? content : {})[0] ?? [];
  return mediaType ? { mediaType, schema: isObject(media) ? media.schema : undefined } : undefined;
}

/** The reply on success: the first 2xx response the operation declares. */
export function successResponse(doc: OpenApiDocument, operation: Operation) {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const status = Object.keys(responses)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort()[0];
  return status ? { status, response: resolve(doc, responses[status]) } : undefined;
}

/** How a caller may authenticate: alternatives of schemes used together, and whether none will do. */
export function credentialsOf(security: SecurityRequirements | undefined) {
  const requirements = list(security).filter(isObject);
  const alternatives = requirements.map((requirement) => Object.keys(requirement)).filter((names) => names.length > 0);
  return { optional: requirements.length > alternatives.length, alternatives };
}
