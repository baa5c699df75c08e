// The named values a caller sends or gets back (parameters, form fields, reply fields) as one
// table: name, where it goes (parameters only), type, whether it is required, what it means.
import type { ReactNode } from 'react';
import type { OpenApiDocument, Schema } from '../api/openapi-types';
import { constraintsOf, descriptionOf, typeLabel } from '../openapi';
import { InlineMarkdown } from './markdown-text';

export type FieldRow = {
  name: string;
  /** Where a parameter goes: query, header, path, cookie. */
  location?: string;
  required: boolean;
  schema: Schema | undefined;
  description?: string;
};

type Props = { doc: OpenApiDocument; caption: ReactNode; rows: FieldRow[] };

export function FieldTable({ doc, caption, rows }: Props) {
  const withLocation = rows.some((row) => row.location);
  return (
    <table className="field-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {withLocation ? <th scope="col">In</th> : null}
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const description = row.description ?? descriptionOf(doc, row.schema);
          const constraints = constraintsOf(row.schema).filter((constraint) => !description?.includes(constraint));
          return (
            <tr key={`${row.location}:${row.name}`}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              {withLocation ? <td>{row.location}</td> : null}
              <td>
                <code>{typeLabel(row.schema)}</code>
              </td>
              <td>{row.required ? 'required' : 'optional'}</td>
              <td>
                {description ? <InlineMarkdown text={description} /> : null}
                {description && constraints.length > 0 ? ' ' : null}
                {constraints.length > 0 ? <span className="constraints">{constraints.join('; ')}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
