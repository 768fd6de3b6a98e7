import type { Page } from '@playwright/test';

export interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every Content Security Policy violation of the page, in every document it loads: the browser's
 * `securitypolicyviolation` events, handed to the test as they happen, and Chromium's console reports of them.
 */
export async function recordViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('reportCspViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: unknown) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push({
        page: new URL(page.url()).pathname,
        directive: 'console',
        blocked: message.text(),
        source: '',
      });
    }
  });
  return violations;
}
