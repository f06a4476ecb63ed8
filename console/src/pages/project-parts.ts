// The parts of a project's form beyond its fields (issue 26): products to create with their attributes (the API
// sets products only when a project is created), its documents (uploaded through the files path, each
// downloadable and removable) and an expense added to its totals.
import { graphql } from '../generated/index.js';
import { saveFile } from '../files.js';
import { graph } from '../session.js';
import { button, byId, element, onSubmit, say, sayFailed } from '../view.js';

export interface NewProduct {
  name: string;
  productType: string;
  attributes: Record<string, string | number | boolean>;
}

const addExpense = graphql(`
  mutation AddConsoleExpense($input: AddProjectExpenseInput!) {
    addProjectExpense(input: $input) {
      id
    }
  }
`);

let products: NewProduct[] = [];

/** "tonnes: 120" → { tonnes: 120 }: numbers and true/false as such, the rest as text. */
function attributesOf(text: string): NewProduct['attributes'] {
  const attributes: NewProduct['attributes'] = {};
  for (const line of text.split('\n').filter((one) => one.trim())) {
    const at = line.indexOf(':');
    if (at < 1) throw new Error(`Attributes: "${line.trim()}" is not "name: value"`);
    const value = line.slice(at + 1).trim();
    const number = Number(value);
    attributes[line.slice(0, at).trim()] =
      value === 'true' || value === 'false' ? value === 'true' : value && Number.isFinite(number) ? number : value;
  }
  return attributes;
}

export const productText = (product: { name: string; productType: string; attributes: object }) =>
  `${product.name} (${product.productType})${Object.keys(product.attributes).length ? ': ' : ''}${Object.entries(
    product.attributes,
  )
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ')}`;

function renderProducts(): void {
  byId('project-new-product-list').replaceChildren(
    ...products.map((product, index) => {
      const remove = button('Remove', async () => {
        products = products.filter((_, other) => other !== index);
        renderProducts();
        byId('product-name').focus();
      });
      remove.setAttribute('aria-label', `Remove ${product.name}`);
      remove.className = 'secondary';
      return element('li', {}, `${productText(product)} `, remove);
    }),
  );
}

/** The products the new project is to be created with; none until added. */
export function newProducts(): NewProduct[] {
  return products;
}

export function forgetProducts(): void {
  products = [];
  renderProducts();
}

/** The project's documents, each downloadable, and removable by `remove` (the project keeps the others). */
export function showDocuments(
  files: { id: string; name: string; size: number }[],
  remove: (id: string) => Promise<void>,
) {
  const list = byId('project-documents');
  list.replaceChildren(
    ...files.map((file) => {
      const get = button('Download', () => saveFile(file.id), `Download ${file.name}`);
      const drop = button('Remove', () => remove(file.id), `Remove ${file.name}`);
      get.className = drop.className = 'secondary';
      return element('li', {}, `${file.name} (${file.size} bytes) `, get, ' ', drop);
    }),
  );
  if (files.length === 0) list.append(element('li', { textContent: 'none' }));
}

/** The product fields' "Add the product" and the expense form of project `code()`, `changed` after an expense. */
export function wireProjectParts(code: () => string, changed: () => Promise<void>): void {
  byId('add-product').addEventListener('click', () => {
    const name = byId<HTMLInputElement>('product-name');
    try {
      if (!name.value.trim()) throw new Error('Product name: required');
      const attributes = attributesOf(byId<HTMLTextAreaElement>('product-attributes').value);
      const productType = byId<HTMLInputElement>('product-type').value.trim() || 'general';
      products = [...products, { name: name.value.trim(), productType, attributes }];
    } catch (error) {
      sayFailed(error);
      return;
    }
    renderProducts();
    name.value = '';
    byId<HTMLTextAreaElement>('product-attributes').value = '';
    say(`Product added to the new project: ${products.at(-1)!.name}`);
    name.focus();
  });
  const form = byId<HTMLFormElement>('expense-form');
  onSubmit(
    form,
    async () => {
      const value = (id: string) => byId<HTMLInputElement>(`expense-${id}`).value.trim();
      await graph(addExpense, {
        input: {
          projectId: code(),
          amount: Number(value('amount')),
          category: byId<HTMLSelectElement>('expense-category').value,
          description: value('description'),
          incurredAt: value('date'),
        },
      });
      form.reset();
      say('Expense added');
      await changed();
    },
    'Adding the expense…',
  );
}
