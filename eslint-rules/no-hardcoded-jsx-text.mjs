// @ts-check
/**
 * Visible text in web components must come from the translation files (spec 1: every string
 * in both languages). Flags JSX text containing letters and literal strings in the attributes
 * a screen reader or a tooltip shows. Brand names and symbols go through i18n too, so there
 * is no allow-list to keep in step.
 */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description']);
const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow hard-coded visible strings in JSX' },
    messages: {
      text: 'Hard-coded text "{{text}}": use t() from the translation files.',
      attribute: 'Hard-coded {{name}} "{{text}}": use t() from the translation files.',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (LETTER.test(text)) context.report({ node, messageId: 'text', data: { text } });
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !TEXT_ATTRIBUTES.has(node.name.name)) return;
        const value = node.value;
        /** @type {unknown} */
        let literal;
        if (value?.type === 'Literal') literal = value.value;
        else if (value?.type === 'JSXExpressionContainer' && value.expression.type === 'Literal')
          literal = value.expression.value;
        else if (
          value?.type === 'JSXExpressionContainer' &&
          value.expression.type === 'TemplateLiteral' &&
          value.expression.expressions.length === 0
        )
          literal = value.expression.quasis[0]?.value.cooked;
        if (typeof literal === 'string' && LETTER.test(literal)) {
          context.report({
            node,
            messageId: 'attribute',
            data: { name: node.name.name, text: literal },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-hardcoded-jsx-text': rule } };
