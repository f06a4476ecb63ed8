// Devices: the phones and tablets registered for biometric sign-in; removing one signs its sessions out at once.
import { graphql } from '../generated/index.js';
import type { MyDevicesQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { button, byId, element, loading, say, when } from '../view.js';

type Device = MyDevicesQuery['myDevices'][number];

const devicesQuery = graphql(`
  query MyDevices {
    myDevices {
      id
      deviceName
      deviceType
      trustLevel
      lastUsedAt
      createdAt
    }
  }
`);
const deleteDevice = graphql(`
  mutation DeleteDevice($id: String!) {
    deleteDevice(deviceId: $id) {
      success
    }
  }
`);

/** Asks once more before removing, in place: a removed device must be registered again to sign in. */
function removal(device: Device, actions: HTMLElement): HTMLElement {
  const question = element('p', {
    className: 'question',
    textContent: `Remove ${device.deviceName}? Its sessions end at once.`,
  });
  const confirm = button('Yes, remove', async () => {
    await graph(deleteDevice, { id: device.id });
    say(`Device removed: ${device.deviceName}`);
    await open();
  });
  const cancel = button('Cancel', async () => {
    question.replaceWith(actions);
    actions.querySelector('button')?.focus();
  });
  question.append(' ', confirm, ' ', cancel);
  queueMicrotask(() => confirm.focus());
  return question;
}

function deviceItem(device: Device): HTMLLIElement {
  const item = element('li', { className: 'device' });
  item.dataset.id = device.id;
  const facts = element('p', {
    className: 'facts',
    textContent: `${device.deviceType}, ${device.trustLevel} trust, last used ${when(device.lastUsedAt)}, added ${when(
      device.createdAt,
    )}`,
  });
  const actions = element('p', { className: 'actions' });
  actions.append(
    button('Remove', async () => actions.replaceWith(removal(device, actions)), `Remove ${device.deviceName}`),
  );
  item.append(element('h3', { textContent: device.deviceName }), facts, actions);
  return item;
}

async function open(): Promise<void> {
  const list = byId('devices');
  await loading(list, async () => {
    const { myDevices } = await graph(devicesQuery);
    list.replaceChildren(...myDevices.map(deviceItem));
    byId('no-devices').hidden = myDevices.length > 0;
  });
}

export const devicesPage = { open };
