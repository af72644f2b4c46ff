"""Helpers shared by the tests: where the data is (data), fuzzing, hand-made positions."""
