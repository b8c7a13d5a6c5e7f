import { reportPollIntervalMs } from './report-polling';

describe('the report polling interval', () => {
  it('is 5 s unless the environment says otherwise', () => {
    expect(reportPollIntervalMs({})).toBe(5_000);
    expect(reportPollIntervalMs({ REPORT_POLL_MS: '1000' })).toBe(1_000);
  });

  it('refuses a value that would flood Amazon or never poll', () => {
    expect(() => reportPollIntervalMs({ REPORT_POLL_MS: '50' })).toThrow(/REPORT_POLL_MS/);
    expect(() => reportPollIntervalMs({ REPORT_POLL_MS: 'soon' })).toThrow(/REPORT_POLL_MS/);
  });
});
