// The first-run guide (renderer/src/first-run/): the five things a seller does first.
export const guide = {
  'guide.button': 'Getting started',
  'guide.title': 'Getting started: five first steps',
  'guide.intro': 'What a seller does first.',
  'guide.sandbox': 'The demo shop is yours to try: everything here goes to the sandbox marketplace, not to real buyers.',
  'guide.step.bring': '<b>Bring your listings in</b>: <b>Import CSV or Excel…</b> reads a spreadsheet, or <b>New draft</b> starts one (or a template’s).',
  'guide.step.photos': '<b>Add photos</b>: open a draft (<k>Ctrl</k>+<k>Enter</k>) and drop photos on it, or choose <b>Add photos…</b>.',
  'guide.step.publish': '<b>Publish</b>: select the ready drafts and choose <b>Actions</b> › <b>Publish…</b> (<k>Ctrl</k>+<k>Shift</k>+<k>P</k>); they go out on the next sync.',
  'guide.step.answer': '<b>Answer buyers</b>: <b>Questions</b> (<k>Alt</k>+<k>2</k>) lists what buyers ask; answer one or several at once.',
  'guide.step.offers': '<b>Decide on offers</b>: open <b>Offers</b> (<k>Alt</k>+<k>3</k>) and accept or refuse them; what sold is in <b>Sales</b> (<k>Alt</k>+<k>4</k>).',
  'guide.hide': 'Hide the guide',
  'guide.again': 'The Getting started button at the top shows this guide again.',
} as const;
