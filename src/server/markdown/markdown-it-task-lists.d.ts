// markdown-it-task-lists ships no types; this is the part of its API we use.
declare module 'markdown-it-task-lists' {
  import type MarkdownIt from 'markdown-it';

  interface TaskListOptions {
    /** Checkboxes readers can tick (default false: rendered disabled). */
    enabled?: boolean;
    /** Wraps each item's text and checkbox in a <label>. */
    label?: boolean;
    // `labelAfter` is left out on purpose: it copies the item's source into the HTML unescaped.
  }
  const taskLists: (md: MarkdownIt, options?: TaskListOptions) => void;
  export default taskLists;
}
