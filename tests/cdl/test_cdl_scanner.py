"""The CardsWorkShop scanner: tokens, case, comments, strings, errors with lines."""
import pytest

from kingalbert.loaders.cdl.scanner import scan
from kingalbert.loaders.cdl.tokens import T


def types(source):
    tokens, errors = scan(source)
    assert errors == []
    return [token.type for token in tokens[:-1]]


def test_bang_is_length_so_a1_bang_equals_reads_as_three_tokens():
    assert types("A1!=13") == [T.IDENTIFIER, T.BANG, T.EQUAL, T.NUMBER]


def test_keywords_are_case_insensitive_and_keep_their_text():
    tokens, _ = scan("BeGiN end WHILE while")
    assert [t.type for t in tokens[:-1]] == [T.BEGIN, T.END, T.WHILE, T.WHILE]
    assert tokens[0].lexeme == "BeGiN"


def test_identifiers_fold_case_and_may_end_in_a_question_mark():
    tokens, _ = scan("Win? WIN? MovePossibleOnTableau?")
    assert {t.key for t in tokens[:2]} == {"win?"}
    assert tokens[2].type is T.IDENTIFIER and tokens[2].lexeme == "MovePossibleOnTableau?"


def test_operators():
    assert types(":= : .. . <> <= >= < > = + - * / ( ) [ ] , ;") == [
        T.ASSIGN, T.COLON, T.DOT_DOT, T.DOT, T.NOT_EQUAL, T.LESS_EQUAL, T.GREATER_EQUAL,
        T.LESS, T.GREATER, T.EQUAL, T.PLUS, T.MINUS, T.STAR, T.SLASH, T.LEFT_PAREN,
        T.RIGHT_PAREN, T.LEFT_BRACKET, T.RIGHT_BRACKET, T.COMMA, T.SEMICOLON]


def test_range_between_numbers_is_not_a_decimal_point():
    tokens, _ = scan("[1..3]")
    assert [t.type for t in tokens[:-1]] == [T.LEFT_BRACKET, T.NUMBER, T.DOT_DOT, T.NUMBER, T.RIGHT_BRACKET]
    assert tokens[1].literal == 1 and tokens[3].literal == 3


def test_comments_of_both_kinds_are_skipped_and_lines_counted():
    tokens, errors = scan("{ a comment\nover two lines }\n// line comment ; ;\nx //*****\ny")
    assert errors == []
    assert [(t.lexeme, t.line) for t in tokens[:-1]] == [("x", 4), ("y", 5)]


def test_strings_with_escapes():
    tokens, errors = scan(r"'it\'s\ta\nback\\slash'")
    assert errors == []
    assert tokens[0].type is T.STRING
    assert tokens[0].literal == "it's\ta\nback\\slash"


@pytest.mark.parametrize("source, line, fragment", [
    ("x\n'open", 2, "Unterminated string"),
    ("\n\n{ never closed", 3, "Unterminated comment"),
    ("x := 'a\\q'", 1, "Unknown escape"),
    ("x\n\n @", 3, "Unexpected character '@'"),
    ("99999", 1, "too big"),
])
def test_errors_carry_their_line(source, line, fragment):
    _, errors = scan(source)
    assert len(errors) == 1
    assert errors[0].line == line
    assert fragment in errors[0].message


def test_scanner_keeps_going_after_an_error():
    tokens, errors = scan("a @ b # c")
    assert len(errors) == 2
    assert [t.lexeme for t in tokens[:-1]] == ["a", "b", "c"]


def test_32768_scans_so_that_minus_32768_can_be_written():
    tokens, errors = scan("32768")
    assert errors == [] and tokens[0].literal == 32768


def test_braces_inside_strings_and_quotes_inside_comments():
    tokens, errors = scan("'{not a comment}' { it's a comment } x")
    assert errors == []
    assert tokens[0].literal == "{not a comment}" and tokens[1].lexeme == "x"
