"""Kit assembly: the print-and-play guide and page pictures, made from every document a
game's kit holds."""
