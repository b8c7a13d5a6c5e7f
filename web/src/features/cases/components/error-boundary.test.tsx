/// <reference types="jest" />
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import itCases from '../../../i18n/it/cases.json';
import { CasesErrorBoundary } from './error-boundary';

beforeAll(() => i18n.addResourceBundle('it', 'cases', itCases));

const LOADED = 'Spedizioni caricate';
const PAGE_TITLE = 'Documenti';
let failing = true;
function ShipmentList() {
  if (failing) throw new Error('list crashed');
  return <p>{LOADED}</p>;
}

test('a crash in the documents list shows Loading Error, and Retry renders the list again', () => {
  const onRetry = jest.fn();
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <div>
      <h1>{PAGE_TITLE}</h1>
      <CasesErrorBoundary onRetry={onRetry}>
        <ShipmentList />
      </CasesErrorBoundary>
    </div>,
  );

  // The rest of the page stays; the list's place says what happened.
  expect(screen.getByRole('heading', { name: PAGE_TITLE })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain(itCases.boundary.title);
  expect(screen.queryByText(LOADED)).toBeNull();

  failing = false;
  fireEvent.click(screen.getByRole('button', { name: itCases.boundary.retry }));
  expect(onRetry).toHaveBeenCalledTimes(1);
  expect(screen.getByText(LOADED)).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  quiet.mockRestore();
});
