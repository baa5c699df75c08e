// One operation of the API: method and path (with a link to share it), what it does, who may
// call it, its parameters, the body it takes and the reply it gives on success.
import { Fragment } from 'react';
import type { Content, OpenApiDocument, RequestBody } from '../api/openapi-types';
import {
  credentialsOf,
  fieldsOf,
  firstMedia,
  nestedObjects,
  resolve,
  successResponse,
  typeLabel,
  type OperationEntry as Entry,
} from '../openapi';
import { FieldTable } from './field-table';
import { InlineMarkdown, MarkdownText } from './markdown-text';

type Props = { doc: OpenApiDocument; entry: Entry };

export function OperationEntry({ doc, entry }: Props) {
  const { anchor, method, path, operation, parameters } = entry;
  const name = `${method.toUpperCase()} ${path}`;
  const credentials = credentialsOf(operation.security ?? doc.security);
  const body = resolve<RequestBody>(doc, operation.requestBody);
  const success = successResponse(doc, operation);

  return (
    <article id={anchor} className="operation" aria-labelledby={`${anchor}-title`}>
      <header className="operation-header">
        <h4 id={`${anchor}-title`}>
          <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
        </h4>
        {operation['x-extension'] === true ? (
          <span className="badge" title="Ours, not part of the historical API">
            Extension
          </span>
        ) : null}
        {operation.deprecated === true ? <span className="badge badge-muted">Deprecated</span> : null}
        <a className="permalink" href={`#${anchor}`} aria-label={`Link to ${name}`}>
          #
        </a>
      </header>
      {operation.summary ? (
        <p>
          <InlineMarkdown text={operation.summary} />
        </p>
      ) : null}
      {operation.description ? (
        <MarkdownText markdown={operation.description} headingLevel={5} />
      ) : operation['x-permission'] ? (
        <p>Who may call: {operation['x-permission']}.</p>
      ) : null}
      {credentials.alternatives.length > 0 ? (
        <p className="credentials">
          Credentials: {credentials.optional ? 'none needed, or ' : null}
          {credentials.alternatives.map((schemes, index) => (
            <Fragment key={schemes.join('+')}>
              {index > 0 ? ' or ' : null}
              {schemes.map((scheme, position) => (
                <Fragment key={scheme}>
                  {position > 0 ? ' with ' : null}
                  <a href={`#auth-${scheme}`}>{scheme}</a>
                </Fragment>
              ))}
            </Fragment>
          ))}
        </p>
      ) : null}
      {parameters.length > 0 ? (
        <FieldTable
          doc={doc}
          caption="Parameters"
          rows={parameters.map((parameter) => ({
            name: parameter.name,
            location: parameter.in,
            required: parameter.required === true,
            schema: parameter.schema,
            description: parameter.description,
          }))}
        />
      ) : null}
      {body?.content ? <ContentShape doc={doc} title="Request body" content={body.content} /> : null}
      {success?.response?.content ? (
        <ContentShape doc={doc} title={`Reply (${success.status})`} content={success.response.content} />
      ) : success?.response?.description ? (
        <p>
          Reply ({success.status}): <InlineMarkdown text={success.response.description} />
        </p>
      ) : null}
    </article>
  );
}

/** A body's fields, then the fields of the objects they hold (the entries of a reply). */
function ContentShape({ doc, title, content }: { doc: OpenApiDocument; title: string; content: Content }) {
  const media = firstMedia(content);
  if (!media) return null;
  const caption = `${title}, ${media.mediaType}`;
  const fields = fieldsOf(doc, media.schema);
  if (fields.length === 0) {
    return (
      <p>
        {caption}: <code>{typeLabel(media.schema)}</code>
      </p>
    );
  }
  const nested = new Map(fields.flatMap((field) => nestedObjects(doc, field)).map((object) => [object.name, object]));
  return (
    <>
      <FieldTable doc={doc} caption={caption} rows={fields} />
      {[...nested.values()].map((object) => (
        <details key={object.name} className="schema-fields">
          <summary>
            Fields of <code>{object.name}</code>
          </summary>
          <FieldTable doc={doc} caption={object.name} rows={object.fields} />
        </details>
      ))}
    </>
  );
}
