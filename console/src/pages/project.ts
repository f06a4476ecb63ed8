// A project's form (issue 26): create one (`#project/new`) or see and edit one (`#project/<code>`): its fields,
// customer, status and progress, products, participants and documents, expenses and resource counts (one
// operation), approve it, and delete it after asking once more. Refusals show the API's message.
import { projectProgresses, projectStatuses } from '@platform/lib/contract/project-values';
import { graphql } from '../generated/index.js';
import type { ProjectDetailsQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { act, button, byId, element, go, say, words } from '../view.js';

type Details = ProjectDetailsQuery;

const customersQuery = graphql(`
  query ProjectCustomers {
    customers {
      id
      name
    }
  }
`);
const detailsQuery = graphql(`
  query ProjectDetails($code: String!) {
    customers {
      id
      name
    }
    project(uniqueCode: $code) {
      id
      uniqueCode
      name
      description
      contractValue
      currency
      customerId
      status
      progress
      replyDate
      participants {
        id
        name
      }
      products {
        id
        name
        productType
        attributes
      }
      documentFiles {
        id
        name
        size
      }
    }
    projectExpenses(uniqueCode: $code) {
      totalExpenses
      currency
      breakdown {
        labor
        materials
        other
      }
    }
    projectResourceCounts(uniqueCode: $code) {
      type
      status
      count
    }
  }
`);
const createProject = graphql(`
  mutation CreateConsoleProject($input: CreateProjectInput!) {
    createProject(input: $input) {
      uniqueCode
    }
  }
`);
const updateProject = graphql(`
  mutation UpdateConsoleProject($code: String!, $input: UpdateProjectInput!) {
    updateProject(uniqueCode: $code, input: $input) {
      uniqueCode
    }
  }
`);
const approveProject = graphql(`
  mutation ApproveConsoleProject($code: String!) {
    approveProject(uniqueCode: $code) {
      status
    }
  }
`);
const deleteProject = graphql(`
  mutation DeleteConsoleProject($code: String!) {
    deleteProject(uniqueCode: $code) {
      message
    }
  }
`);

let code = '';
const input = (id: string) => byId<HTMLInputElement>(id);

function choices(id: string, values: readonly string[], current: string): void {
  byId(id).replaceChildren(
    ...values.map((value) => element('option', { value, textContent: words(value), selected: value === current })),
  );
}

function fill(details: Details | null, customers: { id: string; name: string }[]): void {
  const project = details?.project;
  byId('project-form-title').textContent = project ? `${project.name} (${project.uniqueCode})` : 'New project';
  input('project-name').value = project?.name ?? '';
  byId<HTMLTextAreaElement>('project-description').value = project?.description ?? '';
  input('project-value').value = project ? String(project.contractValue) : '';
  input('project-currency').value = project?.currency ?? 'EUR';
  input('project-reply').value = project?.replyDate.slice(0, 10) ?? '';
  byId('project-customer').replaceChildren(
    ...customers.map((customer) =>
      element('option', {
        value: customer.id,
        textContent: customer.name,
        selected: customer.id === project?.customerId,
      }),
    ),
  );
  byId<HTMLSelectElement>('project-customer').disabled = Boolean(project);
  byId('project-editing').hidden = !project;
  choices('project-status-field', projectStatuses, project?.status ?? 'pending');
  choices('project-progress-field', projectProgresses, project?.progress ?? projectProgresses[0]);
  byId('project-more').hidden = !project;
  byId('project-actions').replaceChildren();
  if (!details || !project) return;
  const money = (amount: number) =>
    new Intl.NumberFormat(undefined, { style: 'currency', currency: details.projectExpenses.currency }).format(amount);
  const { breakdown } = details.projectExpenses;
  byId('project-expenses').textContent =
    `${money(details.projectExpenses.totalExpenses)} in all: labor ${money(breakdown.labor)}, ` +
    `materials ${money(breakdown.materials)}, other ${money(breakdown.other)}`;
  byId('project-resources').textContent =
    details.projectResourceCounts.map((count) => `${count.type} ${words(count.status)}: ${count.count}`).join(', ') ||
    'none';
  byId('project-people').textContent = project.participants.map((person) => person?.name ?? '').join(', ') || 'nobody';
  byId('project-products').replaceChildren(
    ...project.products.map((product) =>
      element('li', {
        textContent: `${product.name} (${product.productType}): ${Object.entries(product.attributes)
          .map(([key, value]) => `${key} ${String(value)}`)
          .join(', ')}`,
      }),
    ),
  );
  byId('project-documents').textContent =
    project.documentFiles.map((file) => `${file.name} (${file.size} bytes)`).join(', ') || 'none';
  const tasks = element('a', { href: `#board/${project.uniqueCode}`, textContent: 'Open its tasks' });
  const approve = button('Approve', async () => {
    const { approveProject: approved } = await graph(approveProject, { code: project.uniqueCode });
    say(`Project approved: its status is ${words(approved.status)}`);
    await open(project.uniqueCode);
  });
  const remove = button('Delete', async () => askDelete(project.name));
  byId('project-actions').append(tasks, approve, remove);
}

/** Asks once more before deleting: a deleted project and its tasks disappear from every read. */
function askDelete(name: string): void {
  const actions = byId('project-actions');
  const kept = [...actions.childNodes];
  const confirm = button('Yes, delete', async () => {
    const { deleteProject: deleted } = await graph(deleteProject, { code });
    await go('#projects');
    say(deleted.message);
  });
  const cancel = button('Cancel', async () => {
    actions.replaceChildren(...kept);
    (kept.find((node) => node instanceof HTMLButtonElement) as HTMLButtonElement | undefined)?.focus();
  });
  actions.replaceChildren(
    element('span', { className: 'question', textContent: `Delete ${name} and its tasks? ` }),
    confirm,
    cancel,
  );
  confirm.focus();
}

async function open(argument: string): Promise<void> {
  code = argument === 'new' ? '' : argument;
  if (!code) {
    fill(null, (await graph(customersQuery)).customers);
    return;
  }
  const details = await graph(detailsQuery, { code });
  fill(details, details.customers);
}

export const projectPage = { open };

byId('project-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const save = byId<HTMLButtonElement>('project-save');
  save.disabled = true;
  const fields = {
    name: input('project-name').value.trim(),
    description: byId<HTMLTextAreaElement>('project-description').value.trim(),
    contractValue: Number(input('project-value').value),
    currency: input('project-currency').value.trim().toUpperCase(),
    replyDate: input('project-reply').value,
  };
  void act(async () => {
    if (code) {
      await graph(updateProject, {
        code,
        input: {
          ...fields,
          status: byId<HTMLSelectElement>('project-status-field').value,
          progress: byId<HTMLSelectElement>('project-progress-field').value,
        },
      });
      say('Project saved');
      await open(code);
    } else {
      const customerId = byId<HTMLSelectElement>('project-customer').value;
      const { createProject: created } = await graph(createProject, { input: { ...fields, customerId } });
      await go(`#project/${created.uniqueCode}`);
      say(`Project created: ${created.uniqueCode}`);
    }
  }, 'Saving…').finally(() => (save.disabled = false));
});
