// Approvals: the person asks for an action that a registered phone must approve (a document approval), and
// watches its status change live through `confirmationStatusChanged`: the server delivers a decision made
// before the subscription was live, and again after a reconnection, so the page needs no polling.
import { graphql } from '../generated/index.js';
import { follow } from '../live.js';
import { graph } from '../session.js';
import { act, byId, element, say, time } from '../view.js';

type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired';

interface Approval {
  confirmationId: string;
  documentName: string;
  status: ApprovalStatus;
  challenge: string;
  expiresAt: string;
  /** Where number matching applies (issue 27, item 2): the number the phone's person must pick. */
  matchNumber?: number | null;
  stop: () => void;
}

const statusText: Record<ApprovalStatus, string> = {
  pending: 'Pending: approve or reject it on your phone',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired: nobody answered in time',
};

const approvals: Approval[] = [];

const initiate = graphql(`
  mutation InitiateApproval($payload: JSON!) {
    initiateConfirmation(actionType: "document_approval", actionPayload: $payload) {
      confirmationId
      challenge
      expiresAt
      matchNumber
    }
  }
`);
const statusChanges = graphql(`
  subscription ApprovalStatus($id: String!) {
    confirmationStatusChanged(confirmationId: $id) {
      status
    }
  }
`);

/**
 * The challenge the phone signs. A push carries only the confirmation's id (auth spec, Events), so
 * a phone without push, or one offline when it was sent, takes the challenge from this page (decisions: Web
 * console).
 */
function approvalCode(approval: Approval): HTMLDetailsElement {
  return element(
    'details',
    { className: 'approval-code' },
    element('summary', { textContent: 'Approval code for a phone without push' }),
    element('code', { textContent: approval.challenge }),
  );
}

function approvalItem(approval: Approval): HTMLLIElement {
  const item = element('li', { className: `approval ${approval.status}` });
  item.dataset.id = approval.confirmationId;
  item.dataset.status = approval.status;
  const facts = element('p', { className: 'facts' });
  item.append(
    element('h3', { textContent: `Document approval: ${approval.documentName}` }),
    element('p', { className: 'approval-status', textContent: statusText[approval.status] }),
    facts,
  );
  if (approval.status === 'pending') {
    facts.append('Expires ', time(approval.expiresAt));
    if (approval.matchNumber != null) {
      item.append(
        element(
          'p',
          { className: 'match-number' },
          'On your phone, pick the number ',
          element('strong', { textContent: String(approval.matchNumber) }),
        ),
      );
    }
    item.append(approvalCode(approval));
  }
  return item;
}

function render(): void {
  byId('approvals').replaceChildren(...approvals.map(approvalItem));
  byId('no-approvals').hidden = approvals.length > 0;
}

function decided(approval: Approval, status: ApprovalStatus): void {
  approval.status = status;
  if (status !== 'pending') approval.stop();
  say(`${approval.documentName}: ${statusText[status]}`);
  render();
}

async function request(documentName: string): Promise<void> {
  const { initiateConfirmation } = await graph(initiate, {
    payload: { documentId: crypto.randomUUID(), documentName },
  });
  const approval: Approval = { ...initiateConfirmation, documentName, status: 'pending', stop: () => {} };
  approvals.unshift(approval);
  approval.stop = follow(
    statusChanges,
    { id: approval.confirmationId },
    // The graph types a status as a String; its values are the auth spec's four.
    (data) => decided(approval, data.confirmationStatusChanged.status as ApprovalStatus),
    { refused: (message) => say(`Failed: ${message}`) },
  );
  say(`Approval requested for ${documentName}: waiting for your phone`);
  render();
}

export function stopApprovals(): void {
  approvals.splice(0).forEach((approval) => approval.stop());
  render();
}

export const approvalsPage = { open: async () => render() };

byId('approval-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const submit = byId<HTMLButtonElement>('request-approval');
  submit.disabled = true;
  void act(() => request(byId<HTMLInputElement>('document-name').value.trim()), 'Requesting approval…').finally(
    () => (submit.disabled = false),
  );
});
