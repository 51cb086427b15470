// Words for assistive technology and keyboard users: chart tables, the live region (issue 25).
export const a11y = {
  'a11y.chart.table': 'Show the numbers as a table',
  'a11y.chart.week': 'Week of',
  'a11y.chart.category': 'Category',
  'a11y.chart.average': 'Average price',
  'a11y.chart.sold': 'Sold',
  'a11y.chart.revenue': 'Revenue',
} as const;
