// Writes FOCUS 1.2 AWS cost-and-usage exports for the browser test and the benchmark: the real
// 57-column header of the public sample export (tests/fixtures/focus/aws-1.2-excerpt.csv) plus
// AWS's x_UsageType, with t3.medium and p4d.24xlarge usage among CloudWatch, tax and credit rows.
// It returns what it wrote, summed as it wrote it, for the test to compare against.

import { readFileSync } from 'node:fs';

const FIXTURE = new URL('../fixtures/focus/aws-1.2-excerpt.csv', import.meta.url);
export const HEADER = [...readFileSync(FIXTURE, 'utf8').split('\n')[0].split(','), 'x_UsageType'];

/** A CSV field, quoted when it must be. */
const field = (value) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** One CSV line of `values` (column name -> text), in header order. */
function line(values) {
  return HEADER.map((column) => field(String(values[column] ?? ''))).join(',');
}

const common = (day) => ({
  ProviderName: 'AWS',
  PublisherName: 'AWS',
  InvoiceIssuerName: 'AWS',
  BillingAccountId: '100000000001',
  BillingPeriodStart: '2025-01-01T00:00:00Z',
  BillingPeriodEnd: '2025-06-01T00:00:00Z',
  ChargePeriodStart: `2025-02-${String(day).padStart(2, '0')}T00:00:00Z`,
  ChargePeriodEnd: `2025-02-${String(day + 1).padStart(2, '0')}T00:00:00Z`,
  BillingCurrency: 'USD',
  RegionId: 'us-east-1',
});

/**
 * A FOCUS 1.2 export of `rows` data rows. Six rows in ten are t3.medium hours, one p4d.24xlarge,
 * one CloudWatch metrics, one tax and one credit. Resolves to { text, t3Hours, p4dHours, skippedRows }.
 */
export function focusExport(rows) {
  const lines = [HEADER.join(',')];
  let t3Hours = 0;
  let p4dHours = 0;
  let skippedRows = 0;
  for (let i = 0; i < rows; i += 1) {
    const day = 1 + (i % 27);
    const lab = `Lab ${1 + (i % 6)}`;
    const tags = JSON.stringify({ lab, course: 'ml-sys' });
    const kind = i % 10;
    if (kind < 6) {
      const hours = 1 + (i % 4) * 0.5;
      t3Hours += hours;
      lines.push(line({
        ...common(day), ChargeCategory: 'Usage', ChargeDescription: '$0.0416 per On Demand Linux t3.medium Instance Hour',
        ChargeFrequency: 'Usage-Based', BilledCost: (hours * 0.0416).toFixed(6), EffectiveCost: (hours * 0.0416).toFixed(6),
        ListCost: (hours * 0.0416).toFixed(6), PricingCategory: 'Standard', PricingQuantity: hours, PricingUnit: 'Hours',
        ConsumedQuantity: hours, ConsumedUnit: 'Hours', ServiceName: 'Amazon Elastic Compute Cloud', ServiceCategory: 'Compute',
        SkuPriceDetails: JSON.stringify({ InstanceType: 't3.medium', CoreCount: 2, MemorySize: 4 }),
        ResourceId: `i-${i.toString(16).padStart(12, '0')}`, ResourceType: 'EC2 Instance', Tags: tags,
        x_UsageType: 'USE1-BoxUsage:t3.medium',
      }));
    } else if (kind === 6) {
      const hours = 2 + (i % 3);
      p4dHours += hours;
      lines.push(line({
        ...common(day), ChargeCategory: 'Usage', ChargeDescription: '$32.7726 per On Demand Linux p4d.24xlarge Instance Hour',
        ChargeFrequency: 'Usage-Based', BilledCost: (hours * 32.7726).toFixed(6), EffectiveCost: (hours * 32.7726).toFixed(6),
        PricingCategory: 'Standard', PricingQuantity: hours, PricingUnit: 'Hours', ConsumedQuantity: hours, ConsumedUnit: 'Hours',
        ServiceName: 'Amazon Elastic Compute Cloud', ServiceCategory: 'Compute',
        SkuPriceDetails: JSON.stringify({ InstanceType: 'p4d.24xlarge', CoreCount: 96 }),
        ResourceType: 'EC2 Instance', Tags: JSON.stringify({ lab: 'project', course: 'ml-sys' }), x_UsageType: 'USE1-BoxUsage:p4d.24xlarge',
      }));
    } else {
      skippedRows += 1;
      const [category, service, description, cost] = [
        ['Usage', 'AmazonCloudWatch', 'Custom metrics, "per metric-month", first 10,000', 0.3],
        ['Tax', 'Amazon Elastic Compute Cloud', 'Tax for AmazonEC2', 1.25],
        ['Credit', 'Amazon Elastic Compute Cloud', 'AWS Educate credit', -2.5],
      ][kind - 7];
      const usage = category === 'Usage';
      lines.push(line({
        ...common(day), ChargeCategory: category, ChargeDescription: description, BilledCost: cost, EffectiveCost: cost,
        ConsumedQuantity: usage ? 1 : '', ConsumedUnit: usage ? 'Metrics' : '', ServiceName: service,
        ServiceCategory: usage ? 'Management and Governance' : 'Compute', Tags: tags,
      }));
    }
  }
  return { text: `${lines.join('\r\n')}\r\n`, t3Hours, p4dHours, skippedRows };
}
