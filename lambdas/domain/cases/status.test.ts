import { nextDemoStep } from './demo-poller';
import { actionFor, isLocked, normalizeStatus, responseDisplay, statusBadge } from './status';
import { canRequest } from './requirements';

describe('case statuses (spec 4.1–4.4)', () => {
  it.each([
    [undefined, 'ready'],
    ['', 'ready'],
    ['something else', 'ready'],
    ['__proto__', 'ready'],
    ['_ proto _', 'ready'],
    ['constructor', 'ready'],
    ['hasOwnProperty', 'ready'],
    ['open', 'ready'],
    ['Inviato', 'submitted'],
    ['In lavorazione', 'in_progress'],
    ['in_lavorazione', 'in_progress'],
    ['risposta_ricevuta', 'response_received'],
    ['rimborsato', 'reimbursed'],
    ['necessario_sollecito', 'follow_up_needed'],
    ['respinto', 'rejected'],
    ['respinto_secondo', 'rejected_second'],
    ['chiuso_respinto', 'closed_rejected'],
  ])('normalises %p to %p', (raw, expected) => {
    expect(normalizeStatus(raw)).toBe(expected);
  });

  it('locks the panel once sent, reimbursed or rejected, not while ready', () => {
    for (const s of [
      'Inviato',
      'submitted',
      'in_progress',
      'In lavorazione',
      'rimborsato',
      'respinto',
    ])
      expect(isLocked(s)).toBe(true);
    expect(isLocked('ready')).toBe(false);
    expect(isLocked(null)).toBe(false);
  });

  it('badges and action buttons follow the tables', () => {
    expect(statusBadge('Inviato')).toEqual({ label: 'Inviato', tone: 'sky' });
    expect(statusBadge('rimborsato')).toEqual({ label: 'Chiuso', tone: 'gray' });
    expect(statusBadge(undefined)).toEqual({ label: 'Pronto', tone: 'green' });
    expect(actionFor('ready').label.en).toBe('Prepare dispute');
    expect(actionFor('respinto_secondo').label.en).toBe('Copy reply');
    expect(actionFor('rimborsato')).toMatchObject({ disabled: true, label: { en: 'Completed' } });
    expect(actionFor('chiuso_respinto')).toMatchObject({ disabled: true, label: { en: 'Closed' } });
    expect(actionFor('Inviato').label.en).toBe('Upload documents');
    expect(responseDisplay('rimborsato').success).toBe(true);
    expect(responseDisplay('risposta_ricevuta').label.it).toBe('Risposta ricevuta');
    expect(responseDisplay(null).label.it).toBe('In attesa');
  });

  it('the request button needs the role mandatory document and an open panel', () => {
    expect(
      canRequest({
        role: 'rivenditore',
        presentTypes: ['fattura'],
        locked: false,
        submitting: false,
      }),
    ).toBe(true);
    expect(
      canRequest({
        role: 'produttore',
        presentTypes: ['fattura'],
        locked: false,
        submitting: false,
      }),
    ).toBe(false);
    expect(
      canRequest({ role: null, presentTypes: ['fattura'], locked: false, submitting: false }),
    ).toBe(false);
    expect(
      canRequest({
        role: 'rivenditore',
        presentTypes: ['fattura'],
        locked: true,
        submitting: false,
      }),
    ).toBe(false);
  });

  it('demo cases step to a reply, then to their outcome', () => {
    expect(nextDemoStep({ status: 'Inviato', shipment_id: 'DEMO001' })?.status).toBe(
      'risposta_ricevuta',
    );
    expect(nextDemoStep({ status: 'risposta_ricevuta', shipment_id: 'DEMO001' })).toMatchObject({
      status: 'rimborsato',
      final: true,
    });
    expect(nextDemoStep({ status: 'risposta_ricevuta', shipment_id: 'DEMO002' })?.status).toBe(
      'necessario_sollecito',
    );
    expect(nextDemoStep({ status: 'risposta_ricevuta', shipment_id: 'DEMO003' })?.status).toBe(
      'respinto',
    );
    expect(nextDemoStep({ status: 'rimborsato', shipment_id: 'DEMO001' })).toBeUndefined();
  });
});
