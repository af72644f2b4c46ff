"""The bundled example games: rule files only, one folder per format (``sol``,
``pat``, ``yazzle``, ``cdl``).  ``kingalbert.app.catalogue`` lists them."""
