// The app frame: screen names, the header.
export const navigation = {
  'nav.screens': 'Screens',
  'nav.drafts': 'Drafts',
  'nav.questions': 'Questions',
  'nav.offers': 'Offers',
  'nav.sales': 'Sales',
  'nav.sync': 'Sync',
  'nav.accounts': 'Accounts',
} as const;
