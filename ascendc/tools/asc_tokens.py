"""A C++ tokenizer for the Ascend C source rewrite (asc_rewrite.py).

It splits a translation unit's text into tokens that keep their exact source spans, so a rewrite
can replace a few spans and leave every other byte alone. It knows what can hide `<<<` or
`asm("trap")` from a naive search: comments, string and character literals (with encoding
prefixes), raw strings with delimiters, line splices, pp-numbers with digit separators (1'000),
and preprocessor directives (one token per logical line).
"""

import re

# Kinds of token.
IDENT = "ident"
NUMBER = "number"
STRING = "string"  # "..." and raw strings, with any encoding prefix
CHAR = "char"
PUNCT = "punct"  # one character of punctuation (`<<<` is three of them)
COMMENT = "comment"
SPACE = "space"  # whitespace, newlines and line splices
DIRECTIVE = "directive"  # a whole preprocessor line, continuations included

_IDENT_START = re.compile(r"[A-Za-z_$]")
_IDENT_CHAR = re.compile(r"[A-Za-z0-9_$]*")
_STRING_PREFIX = re.compile(r"(u8|u|U|L)?(R)?\"")
_CHAR_PREFIX = re.compile(r"(u8|u|U|L)?'")
_RAW_DELIM = re.compile(r"[^()\\ \t\v\f\n]{0,16}\(")


class Token:
    __slots__ = ("kind", "text", "start", "end", "line")

    def __init__(self, kind, text, start, end, line):
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.line = line

    def __repr__(self):
        return "Token(%s, %r, line %d)" % (self.kind, self.text, self.line)


class TokenizeError(Exception):
    pass


def _skip_quoted(text, pos, quote, line_of):
    """Index after the closing `quote` of a literal whose body starts at `pos`."""
    n = len(text)
    while pos < n:
        c = text[pos]
        if c == "\\":
            pos += 2
            continue
        if c == quote:
            return pos + 1
        if c == "\n":
            raise TokenizeError("line %d: unterminated literal" % line_of(pos))
        pos += 1
    raise TokenizeError("line %d: unterminated literal" % line_of(pos))


def tokenize(text):
    """All tokens of `text`, in order; their spans cover the text exactly."""
    tokens = []
    n = len(text)
    pos = 0
    line = 1
    at_line_start = True  # only whitespace (or comments) since the last newline

    def line_of(p):
        return text.count("\n", 0, p) + 1

    while pos < n:
        start = pos
        c = text[pos]
        kind = None
        if c == "\\" and text.startswith("\n", pos + 1):
            pos += 2
            kind = SPACE
        elif c == "\\" and text.startswith("\r\n", pos + 1):
            pos += 3
            kind = SPACE
        elif c in " \t\r\n\v\f":
            while pos < n and text[pos] in " \t\r\n\v\f":
                pos += 1
            kind = SPACE
        elif text.startswith("//", pos):
            # A line comment continues over a line splice.
            while pos < n and text[pos] != "\n":
                if text[pos] == "\\" and text.startswith("\n", pos + 1):
                    pos += 2
                else:
                    pos += 1
            kind = COMMENT
        elif text.startswith("/*", pos):
            close = text.find("*/", pos + 2)
            if close < 0:
                raise TokenizeError("line %d: unterminated comment" % line)
            pos = close + 2
            kind = COMMENT
        elif c == "#" and at_line_start:
            pos = _directive_end(text, pos)
            kind = DIRECTIVE
        elif _IDENT_START.match(c) or c in "\"'":
            string_match = _STRING_PREFIX.match(text, pos)
            char_match = _CHAR_PREFIX.match(text, pos)
            if string_match and string_match.group(2):
                pos = _raw_string_end(text, string_match.end(), line)
                kind = STRING
            elif string_match:
                pos = _skip_quoted(text, string_match.end(), '"', line_of)
                kind = STRING
            elif char_match:
                pos = _skip_quoted(text, char_match.end(), "'", line_of)
                kind = CHAR
            else:
                pos = _IDENT_CHAR.match(text, pos + 1).end()
                kind = IDENT
        elif c.isdigit() or (c == "." and pos + 1 < n and text[pos + 1].isdigit()):
            pos = _pp_number_end(text, pos)
            kind = NUMBER
        else:
            pos += 1
            kind = PUNCT
        token_text = text[start:pos]
        tokens.append(Token(kind, token_text, start, pos, line))
        newlines = token_text.count("\n")
        line += newlines
        if kind == SPACE:
            if newlines and not token_text.endswith("\\\n"):
                at_line_start = True
        elif kind == COMMENT:
            pass  # a comment before `#` keeps the line a directive line
        else:
            at_line_start = kind == DIRECTIVE
    return tokens


def _directive_end(text, pos):
    """End of a preprocessor directive: the newline that is not spliced, comments honoured."""
    n = len(text)
    while pos < n:
        c = text[pos]
        if c == "\n":
            return pos
        if c == "\\" and text.startswith("\n", pos + 1):
            pos += 2
        elif text.startswith("/*", pos):
            close = text.find("*/", pos + 2)
            pos = n if close < 0 else close + 2
        elif text.startswith("//", pos):
            while pos < n and text[pos] != "\n":
                pos += 2 if text[pos] == "\\" and text.startswith("\n", pos + 1) else 1
            return pos
        elif c in "\"'":
            # #include <a'b> is rare; a stray quote in #error text is not a literal.
            close = text.find(c, pos + 1)
            newline = text.find("\n", pos + 1)
            if close >= 0 and (newline < 0 or close < newline):
                pos = close + 1
            else:
                pos += 1
        else:
            pos += 1
    return n


def _raw_string_end(text, body, line):
    """`body` is just after R"; returns the index after the closing )delim"."""
    match = _RAW_DELIM.match(text, body)
    if not match:
        raise TokenizeError("line %d: bad raw string delimiter" % line)
    delimiter = text[body:match.end() - 1]
    close = text.find(")" + delimiter + '"', match.end())
    if close < 0:
        raise TokenizeError("line %d: unterminated raw string" % line)
    return close + len(delimiter) + 2


def _pp_number_end(text, pos):
    """A pp-number: digits, letters, `.`, digit separators and signed exponents."""
    n = len(text)
    pos += 1
    while pos < n:
        c = text[pos]
        if c in "eEpP" and pos + 1 < n and text[pos + 1] in "+-":
            pos += 2
        elif c.isalnum() or c in "._":
            pos += 1
        elif c == "'" and pos + 1 < n and (text[pos + 1].isalnum() or text[pos + 1] == "_"):
            pos += 2
        else:
            break
    return pos


def significant(tokens):
    """The tokens that are not whitespace or comments."""
    return [t for t in tokens if t.kind not in (SPACE, COMMENT)]
