import sanitizeHtml from 'sanitize-html';

// Content HTML written by operators: formatting, lists, links, images and tables. Removed: scripts and
// their text, <style>, style attributes (they could overlay the page), event handlers, frames and forms,
// and any URL that is not http(s), mailto, tel or relative (javascript:, data:, vbscript: …).
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'hr',
    'small',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    '*': ['class'],
  },
  // A small class vocabulary the web client styles; any other class could borrow the app's own layout
  // classes (fixed overlays, hidden text) and dress content up as UI.
  allowedClasses: { '*': ['note', 'highlight', 'muted', 'text-center'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The opened page never gets a handle on ours; a target other than a new tab is dropped.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
      };
    },
  },
};

/** Sanitises operator HTML before it leaves the server (the web client sanitises again before rendering). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
