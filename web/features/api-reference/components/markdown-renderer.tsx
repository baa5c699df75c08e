// Renders the Markdown of the OpenAPI document's descriptions (paragraphs, headings, lists,
// tables, `code`, **bold**) with react-markdown as React elements: raw HTML in the document is
// never rendered. Loaded on demand by markdown-text.tsx.
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const plugins = [remarkGfm];
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** Headings of the description (`##` at the top) re-levelled to nest under the page's own. */
function nestedHeadings(headingLevel: number): Components {
  const components: Components = {};
  for (let level = 1; level <= 6; level++) {
    const Heading = `h${Math.min(6, headingLevel + Math.max(0, level - 2))}` as HeadingTag;
    components[`h${level}` as HeadingTag] = ({ children }) => <Heading>{children}</Heading>;
  }
  return components;
}

interface Props {
  markdown: string;
  /** The level of the description's top headings, so they nest under the page's own. */
  headingLevel: number;
}

export function MarkdownText({ markdown, headingLevel }: Props) {
  return (
    <Markdown remarkPlugins={plugins} components={nestedHeadings(headingLevel)}>
      {markdown}
    </Markdown>
  );
}

const inline: Components = { p: ({ children }) => <>{children}</> };

/** A short Markdown text without a wrapping paragraph, for table cells and summaries. */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={plugins} components={inline}>
      {text}
    </Markdown>
  );
}
