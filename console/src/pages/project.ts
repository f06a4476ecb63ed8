// A project's form (issue 26): create one (`#project/new`) or see and edit one (`#project/<code>`): its fields,
// customer, status and progress, participants, products (when created) and documents, expenses (added, totalled
// and broken down) and resource counts (one operation), approve it, and delete it after asking once more.
// Refusals show the API's message. The graph has no directory of employees: the participants offered are the
// caller's own employee and the participants of the projects the caller reads (first 100), in the same operation.
import { projectProgresses, projectStatuses } from '@platform/lib/contract/project-values';
import { graphql } from '../generated/index.js';
import type { ProjectChoicesFragment, ProjectDetailsQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { uploadChosen } from '../files.js';
import { button, byId, element, go, onSubmit, say, words } from '../view.js';
import { forgetProducts, newProducts, productText, showDocuments, wireProjectParts } from './project-parts.js';
import { chosenPeople, fillOptions, fillPeople, fillValues } from './task-fields.js';

type Details = ProjectDetailsQuery;

graphql(`
  fragment ProjectChoices on Query {
    customers {
      id
      name
    }
    me {
      employee {
        id
        name
      }
    }
    projects(limit: 100, sortBy: "createdAt", sortOrder: "desc") {
      data {
        participants {
          id
          name
        }
      }
    }
  }
`);
const customersQuery = graphql(`
  query ProjectCustomers {
    ...ProjectChoices
  }
`);
const detailsQuery = graphql(`
  query ProjectDetails($code: String!) {
    ...ProjectChoices
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
let documentIds: string[] = [];
const input = (id: string) => byId<HTMLInputElement>(id);
const peopleField = () => byId<HTMLFieldSetElement>('project-people');

/** What both of the page's operations answer: the customers and the people a project can be given. */
type Choices = ProjectChoicesFragment;

function offerPeople(choices: Choices, project: Details['project'] | undefined): void {
  const known = (people: ({ id: string; name: string } | null)[]) =>
    people.flatMap((person) => (person ? [person] : []));
  const current = known(project?.participants ?? []);
  const own = known([choices.me.employee ?? null]);
  const others = choices.projects.data.flatMap((other) => known(other.participants));
  fillPeople(peopleField(), [...current, ...own, ...others], new Set(current.map((person) => person.id)));
}

function fill(choices: Choices, details: Details | null): void {
  const project = details?.project;
  byId('project-form-title').textContent = project ? `${project.name} (${project.uniqueCode})` : 'New project';
  input('project-name').value = project?.name ?? '';
  byId<HTMLTextAreaElement>('project-description').value = project?.description ?? '';
  input('project-value').value = project ? String(project.contractValue) : '';
  input('project-currency').value = project?.currency ?? 'EUR';
  input('project-reply').value = project?.replyDate.slice(0, 10) ?? '';
  input('project-files').value = '';
  const customers = choices.customers.map((customer) => ({ value: customer.id, label: customer.name }));
  fillOptions(byId('project-customer'), customers, project?.customerId ?? '');
  byId<HTMLSelectElement>('project-customer').disabled = Boolean(project);
  byId('project-editing').hidden = !project;
  fillValues(byId('project-status-field'), projectStatuses, project?.status ?? 'pending');
  fillValues(byId('project-progress-field'), projectProgresses, project?.progress ?? projectProgresses[0]);
  offerPeople(choices, project);
  // Products are given when a project is created: the API's updateProject does not change them.
  byId('project-new-products').hidden = Boolean(project);
  forgetProducts();
  byId('project-more').hidden = !project;
  byId('project-actions').replaceChildren();
  documentIds = project?.documentFiles.map((file) => file.id) ?? [];
  if (!details || !project) return;
  showFacts(details);
  showDocuments(project.documentFiles, async (id) => {
    await graph(updateProject, { code, input: { documentFileIds: documentIds.filter((other) => other !== id) } });
    say('Document removed');
    await open(code);
  });
  const tasks = element('a', { href: `#board/${project.uniqueCode}`, textContent: 'Open its tasks' });
  const approve = button('Approve', async () => {
    const { approveProject: approved } = await graph(approveProject, { code: project.uniqueCode });
    say(`Project approved: its status is ${words(approved.status)}`);
    await open(project.uniqueCode);
  });
  const remove = button('Delete', async () => askDelete(project.name));
  byId('project-actions').append(tasks, approve, remove);
}

/** Expenses in all and by category, resource counts and products: what the API computes for the project. */
function showFacts(details: Details): void {
  const money = (amount: number) =>
    new Intl.NumberFormat(undefined, { style: 'currency', currency: details.projectExpenses.currency }).format(amount);
  const { breakdown } = details.projectExpenses;
  byId('project-expenses').textContent =
    `${money(details.projectExpenses.totalExpenses)} in all: labor ${money(breakdown.labor)}, ` +
    `materials ${money(breakdown.materials)}, other ${money(breakdown.other)}`;
  byId('project-resources').textContent =
    details.projectResourceCounts.map((count) => `${count.type} ${words(count.status)}: ${count.count}`).join(', ') ||
    'none';
  byId('project-products').replaceChildren(
    ...details.project.products.map((product) => element('li', { textContent: productText(product) })),
  );
  if (details.project.products.length === 0) byId('project-products').append(element('li', { textContent: 'none' }));
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
    fill(await graph(customersQuery), null);
    return;
  }
  const details = await graph(detailsQuery, { code });
  fill(details, details);
}

export const projectPage = { open };

async function save(): Promise<void> {
  const fields = {
    name: input('project-name').value.trim(),
    description: byId<HTMLTextAreaElement>('project-description').value.trim(),
    contractValue: Number(input('project-value').value),
    currency: input('project-currency').value.trim().toUpperCase(),
    replyDate: input('project-reply').value,
    participantIds: chosenPeople(peopleField()),
    documentFileIds: [...documentIds, ...(await uploadChosen(input('project-files')))],
  };
  if (code) {
    const status = byId<HTMLSelectElement>('project-status-field').value;
    const progress = byId<HTMLSelectElement>('project-progress-field').value;
    await graph(updateProject, { code, input: { ...fields, status, progress } });
    say('Project saved');
    await open(code);
    return;
  }
  const customerId = byId<HTMLSelectElement>('project-customer').value;
  const products = newProducts();
  const { createProject: created } = await graph(createProject, { input: { ...fields, customerId, products } });
  await go(`#project/${created.uniqueCode}`);
  say(`Project created: ${created.uniqueCode}`);
}

onSubmit(byId<HTMLFormElement>('project-form'), save, 'Saving…');
wireProjectParts(
  () => code,
  () => open(code),
);
