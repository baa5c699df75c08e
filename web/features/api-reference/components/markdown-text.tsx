// Markdown of the OpenAPI document's descriptions, with the renderer (react-markdown and its
// plugins, the largest part of this page) loaded after the page itself: until it arrives the
// text shows as it is written, so the page's first JavaScript stays small.
import { lazy, Suspense } from 'react';

// Requested as soon as the page's own code runs, alongside the document it renders.
const renderer = import('./markdown-renderer');
const Block = lazy(async () => ({ default: (await renderer).MarkdownText }));
const Inline = lazy(async () => ({ default: (await renderer).InlineMarkdown }));

interface Props {
  markdown: string;
  /** The level of the description's top headings, so they nest under the page's own. */
  headingLevel: number;
}

export function MarkdownText(props: Props) {
  return (
    <Suspense fallback={<p className="markdown-pending">{props.markdown}</p>}>
      <Block {...props} />
    </Suspense>
  );
}

/** A short Markdown text without a wrapping paragraph, for table cells and summaries. */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={text}>
      <Inline text={text} />
    </Suspense>
  );
}
