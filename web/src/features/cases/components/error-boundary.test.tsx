/// <reference types="jest" />
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import itCases from '../../../i18n/it/cases.json';
import { CasesErrorBoundary } from './error-boundary';

beforeAll(() => i18n.addResourceBundle('it', 'cases', itCases));

let failing = true;
function ShipmentList() {
  if (failing) throw new Error('list crashed');
  return <p>Spedizioni caricate</p>;
}

test('a crash in the documents list shows Loading Error, and Retry renders the list again', () => {
  const onRetry = jest.fn();
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <div>
      <h1>Documenti</h1>
      <CasesErrorBoundary onRetry={onRetry}>
        <ShipmentList />
      </CasesErrorBoundary>
    </div>,
  );

  // The rest of the page stays; the list's place says what happened.
  expect(screen.getByRole('heading', { name: 'Documenti' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain(itCases.boundary.title);
  expect(screen.queryByText('Spedizioni caricate')).toBeNull();

  failing = false;
  fireEvent.click(screen.getByRole('button', { name: itCases.boundary.retry }));
  expect(onRetry).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Spedizioni caricate')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  quiet.mockRestore();
});
