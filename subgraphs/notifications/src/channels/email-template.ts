/** Built-in templates by name; any other emailTemplate value is itself the template text. */
const builtIn: Record<string, string> = {
  default: '<p>{{message}}</p>{{#link}}',
  'account-locked':
    '<p>Your account was locked after repeated failed sign-in attempts.</p><p>{{message}}</p>' +
    '<p>If this was not you, change your password once the lock ends.</p>',
  'security-alert': '<p><strong>Security alert</strong></p><p>{{message}}</p>{{#link}}',
};

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

function lookup(context: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (value === null || typeof value !== 'object') return undefined;
    return (value as Record<string, unknown>)[key];
  }, context);
}

function linkBlock(context: Record<string, unknown>): string {
  const link = context.targetLink;
  if (typeof link !== 'string' || !link) return '';
  const text = typeof context.targetText === 'string' && context.targetText ? context.targetText : link;
  return `<p><a href="${escapeHtml(link)}">${escapeHtml(text)}</a></p>`;
}

/**
 * `{{name}}` and `{{a.b}}` are replaced with HTML-escaped values of the context (missing: empty);
 * `{{#link}}` renders the job's target link. Values never become markup.
 */
export function renderEmail(template: string | null | undefined, context: Record<string, unknown>): string {
  const source = template ? (builtIn[template] ?? template) : builtIn.default!;
  return source.replace(/\{\{\s*(#link|[\w.]+)\s*\}\}/g, (_match, name: string) => {
    if (name === '#link') return linkBlock(context);
    const value = lookup(context, name);
    if (value === undefined || value === null) return '';
    return escapeHtml(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
}
