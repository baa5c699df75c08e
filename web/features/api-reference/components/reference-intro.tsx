// What a program needs before any endpoint: the base address for this network, the ways to
// authenticate, the document's own overview (rules and error codes) and the error envelope.
import type { OpenApiDocument, SecurityScheme } from '../api/openapi-types';
import { OPENAPI_PATH } from '../api/api-reference-queries';
import { baseAddress, fieldsOf, resolve } from '../openapi';
import { FieldTable } from './field-table';
import { InlineMarkdown, MarkdownText } from './markdown-text';

/** Where a scheme's credentials travel, e.g. `Authorization: Bearer …` or the `xn_session` cookie. */
function carrier(scheme: SecurityScheme): string {
  if (scheme.type === 'http' && scheme.scheme) {
    return `Authorization: ${scheme.scheme.charAt(0).toUpperCase()}${scheme.scheme.slice(1)} …`;
  }
  if (scheme.type === 'apiKey' && scheme.name) return `${scheme.name} (${scheme.in ?? 'header'})`;
  return scheme.type ?? 'unknown';
}

export function ReferenceIntro({ doc, network }: { doc: OpenApiDocument; network: string }) {
  const base = baseAddress(doc, network);
  const schemes = Object.entries(doc.components?.securitySchemes ?? {}).flatMap(([name, scheme]) => {
    const resolved = resolve<SecurityScheme>(doc, scheme);
    return resolved ? [{ name, scheme: resolved }] : [];
  });
  const errorFields = fieldsOf(doc, { $ref: '#/components/schemas/Error' });
  // The overview reads best first; its sections (such as the error codes) after the basics.
  const description = doc.info?.description ?? '';
  const firstHeading = description.search(/^#{1,6}\s/m);
  const [overview, sections] =
    firstHeading < 0 ? [description, ''] : [description.slice(0, firstHeading), description.slice(firstHeading)];

  return (
    <>
      <p className="lede">
        {doc.info?.title ?? 'The REST API'}
        {doc.info?.version ? `, version ${doc.info.version}` : null}. This page is generated from the
        service’s <a href={OPENAPI_PATH}>OpenAPI document</a>. <a href="#endpoints">Skip to the endpoints</a>
      </p>
      <MarkdownText markdown={overview} headingLevel={2} />
      <section aria-labelledby="base-address">
        <h2 id="base-address">Base address</h2>
        <p>
          Every path below is relative to <code>{base}</code>
        </p>
      </section>
      {schemes.length > 0 ? (
        <section aria-labelledby="authentication">
          <h2 id="authentication">Authentication</h2>
          <dl className="schemes">
            {schemes.map(({ name, scheme }) => (
              <div key={name} id={`auth-${name}`}>
                <dt>
                  <code>{name}</code>: <code>{carrier(scheme)}</code>
                </dt>
                {scheme.description ? (
                  <dd>
                    <InlineMarkdown text={scheme.description} />
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <MarkdownText markdown={sections} headingLevel={2} />
      {errorFields.length > 0 ? (
        <section aria-labelledby="error-envelope">
          <h2 id="error-envelope">Error envelope</h2>
          <FieldTable doc={doc} caption="Fields of every error reply" rows={errorFields} />
        </section>
      ) : null}
    </>
  );
}
