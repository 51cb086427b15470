// Words every screen uses: buttons, states, the language setting.
export const common = {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.apply': 'Apply',
  'common.undo': 'Undo',
  'common.dismiss': 'Dismiss',
  'common.loading': 'Loading…',
  'common.none': '—',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.items': '{count, plural, one {# item} other {# items}}',
  'common.drafts': '{count, plural, one {# draft} other {# drafts}}',
  'settings.language': 'Language',
  'settings.language.system': 'As the system ({language})',
  'settings.language.fi': 'Suomi',
  'settings.language.en': 'English',
} as const;
